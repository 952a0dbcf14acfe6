/// Possible type extensions (section 3.4.3): a type extension must extend a type that is
/// defined, and of the same kind.
struct PossibleTypeExtensions: SDLRuleVisitor {
    private let schema: Schema?
    private let defined: [String: TypeDefinition]
    private let allTypeNames: [String]

    init(context: SDLContext) {
        schema = context.schema
        // As in graphql-js, a later definition of the same name replaces an earlier one.
        var defined: [String: TypeDefinition] = [:]
        var names: [String] = []
        for definition in context.typeDefinitions {
            if defined[definition.name.value] == nil { names.append(definition.name.value) }
            defined[definition.name.value] = definition
        }
        self.defined = defined
        for name in context.schema?.typeNames ?? [] where defined[name] == nil {
            names.append(name)
        }
        allTypeNames = names
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .typeExtension(let node) = node else { return }
        let name = node.name.value
        let expected: String?
        if let definition = defined[name] {
            expected = Self.kindName(definition.kind)
        } else if let existing = schema?[name] {
            expected = Self.kindName(existing)
        } else {
            expected = nil
        }
        guard let expected else {
            let suggestions = Suggestions.list(for: name, among: allTypeNames)
            context.report(Self.notDefined(name, suggestions), [node.name.location])
            return
        }
        let actual = Self.kindName(node.kind)
        if expected != actual {
            let locations = defined[name].map { [$0.location, node.location] } ?? [node.location]
            context.report(Self.wrongKind(name, actual), locations)
        }
    }

    static func kindName(_ kind: TypeDefinition.Kind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enumeration: "enum"
        case .inputObject: "input object"
        }
    }

    static func kindName(_ type: NamedType) -> String {
        switch type {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enumeration: "enum"
        case .inputObject: "input object"
        }
    }

    static func wrongKind(_ name: String, _ kind: String) -> String {
        "Cannot extend non-\(kind) type \"\(name)\"."
    }

    static func notDefined(_ name: String, _ suggestions: [String]) -> String {
        "Cannot extend type \"\(name)\" because it is not defined." + Suggestions.didYouMean(suggestions)
    }
}
