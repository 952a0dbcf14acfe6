/// Executable Definitions (section 5.1.1): "For each definition definition in the document,
/// definition must be ExecutableDefinition (it must not be TypeSystemDefinitionOrExtension)."
///
/// A request is run, not used to change the schema; a type definition in it is a mistake.
struct ExecutableDefinitionsRule: ValidationRule {
    static let name = "ExecutableDefinitionsRule"
    static let visitedNodes: VisitedNodes = .document
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterDocument(_ document: Document) {
        for case .typeSystem(let definition) in document.definitions {
            context.report(Self.notExecutable(definition), at: [definition.location])
        }
    }

    static func notExecutable(_ definition: TypeSystemDefinition) -> String {
        let name: String =
            switch definition {
            case .schema, .schemaExtension: "schema"
            case .type(let type), .typeExtension(let type): "\"\(type.name.value)\""
            case .directive(let directive): "\"\(directive.name.value)\""
            }
        return "The \(name) definition is not executable."
    }
}
