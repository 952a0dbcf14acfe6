/// Argument Names (section 5.4.1): "For each argument in the document, let argumentName be
/// the Name of argument. Let argumentDefinition be the argument definition provided by the
/// parent field or definition named argumentName. argumentDefinition must exist."
struct KnownArgumentNamesRule: ValidationRule {
    static let name = "KnownArgumentNamesRule"
    static let visitedNodes: VisitedNodes = [.argument, .directive]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterArgument(_ argument: Argument) -> VisitAction {
        if context.typeInfo.argument == nil, let field = context.typeInfo.fieldDefinition,
            let parentType = context.typeInfo.parentType
        {
            let name = argument.name.value
            let suggestions = context.suggestions(for: name, among: field.arguments.map(\.name))
            context.report(
                Self.unknownOnField(name, parentType, field.name) + context.didYouMean(suggestions),
                at: [argument.location])
        }
        return .visitChildren
    }

    /// Directive arguments are checked here; the argument visitor skips them.
    func enterDirective(_ directive: Directive, at location: DirectiveLocation) -> VisitAction {
        guard let definition = context.schema.directives[directive.name.value] else {
            return .skipChildren
        }
        let known = definition.arguments.map(\.name)
        for argument in directive.arguments where !known.contains(argument.name.value) {
            let name = argument.name.value
            context.report(
                Self.unknownOnDirective(name, directive.name.value)
                    + context.didYouMean(context.suggestions(for: name, among: known)),
                at: [argument.location])
        }
        return .skipChildren
    }

    static func unknownOnField(_ argument: String, _ type: String, _ field: String) -> String {
        "Unknown argument \"\(argument)\" on field \"\(type).\(field)\"."
    }

    static func unknownOnDirective(_ argument: String, _ directive: String) -> String {
        "Unknown argument \"\(argument)\" on directive \"@\(directive)\"."
    }
}
