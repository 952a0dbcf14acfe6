/// Required Arguments (section 5.4.2.1): "For each Field or Directive in the document, let
/// arguments be the arguments provided by the Field or Directive. Let argumentDefinitions be
/// the set of argument definitions of that Field or Directive. For each argumentDefinition
/// in argumentDefinitions: let type be the expected type of argumentDefinition, let
/// defaultValue be the default value of argumentDefinition. If type is Non-Null and
/// defaultValue does not exist: let argumentName be the name of argumentDefinition, let
/// argument be the argument in arguments named argumentName; argument must exist."
struct ProvidedRequiredArgumentsRule: ValidationRule {
    static let name = "ProvidedRequiredArgumentsRule"
    static let visitedNodes: VisitedNodes = [.field, .directive]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    /// Checked on leaving, as graphql-js does, so these errors follow those inside the field.
    func leaveField(_ field: Field) {
        guard let entry = context.typeInfo.fieldEntry, !entry.requiredArguments.isEmpty else {
            return
        }
        let definition = entry.definition
        let provided = Set(field.arguments.map(\.name.value))
        for argument in entry.requiredArguments where !provided.contains(argument.name) {
            context.report(
                Self.missingOnField(definition.name, argument.name, argument.type.description),
                at: [field.location])
        }
    }

    /// Also checked on leaving, after any errors inside the directive's arguments.
    func leaveDirective(_ directive: Directive, at location: DirectiveLocation) {
        guard let definition = context.schema.directives[directive.name.value] else { return }
        let provided = Set(directive.arguments.map(\.name.value))
        for argument in definition.arguments
        where isRequired(argument) && !provided.contains(argument.name) {
            context.report(
                Self.missingOnDirective(definition.name, argument.name, argument.type.description),
                at: [directive.location])
        }
    }

    private func isRequired(_ argument: InputValueInfo) -> Bool {
        argument.type.isNonNull && argument.defaultValue == nil
    }

    static func missingOnField(_ field: String, _ argument: String, _ type: String) -> String {
        "Field \"\(field)\" argument \"\(argument)\" of type \"\(type)\" is required,"
            + " but it was not provided."
    }

    static func missingOnDirective(_ directive: String, _ argument: String, _ type: String)
        -> String
    {
        "Directive \"@\(directive)\" argument \"\(argument)\" of type \"\(type)\" is required,"
            + " but it was not provided."
    }
}
