/// Printing type-system definitions and extensions.
extension Printer {
    static func typeSystemDefinition(_ node: TypeSystemDefinition) -> String {
        switch node {
        case .schema(let schema):
            description(schema.description) + schemaBody("schema", schema)
        case .schemaExtension(let schema):
            schemaBody("extend schema", schema)
        case .type(let type):
            description(type.description) + typeBody(keywordPrefix: "", type)
        case .typeExtension(let type):
            typeBody(keywordPrefix: "extend ", type)
        case .directive(let directive):
            directiveDefinition(directive)
        }
    }

    private static func schemaBody(_ keyword: String, _ node: SchemaDefinition) -> String {
        let operationTypes = node.operationTypes.map {
            $0.operation.rawValue + ": " + $0.type.value
        }
        return join([keyword, join(node.directives.map(directive), " "), block(operationTypes)], " ")
    }

    private static func typeBody(keywordPrefix: String, _ node: TypeDefinition) -> String {
        let directives = join(node.directives.map(directive), " ")
        let name = node.name.value
        switch node.kind {
        case .scalar:
            return join([keywordPrefix + "scalar", name, directives], " ")
        case .object(let interfaces, let fields), .interface(let interfaces, let fields):
            let keyword: String
            if case .object = node.kind { keyword = "type" } else { keyword = "interface" }
            return join(
                [
                    keywordPrefix + keyword, name,
                    wrap("implements ", join(interfaces.map(\.value), " & ")), directives,
                    block(fields.map(fieldDefinition)),
                ], " ")
        case .union(let members):
            return join(
                [keywordPrefix + "union", name, directives, wrap("= ", join(members.map(\.value), " | "))],
                " ")
        case .enumeration(let values):
            let printed = values.map {
                description($0.description)
                    + join([$0.name.value, join($0.directives.map(directive), " ")], " ")
            }
            return join([keywordPrefix + "enum", name, directives, block(printed)], " ")
        case .inputObject(let fields):
            return join(
                [keywordPrefix + "input", name, directives, block(fields.map(inputValueDefinition))],
                " ")
        }
    }

    static func fieldDefinition(_ node: FieldDefinition) -> String {
        description(node.description) + node.name.value + argumentsDefinition(node.arguments)
            + ": " + typeReference(node.type)
            + wrap(" ", join(node.directives.map(directive), " "))
    }

    static func inputValueDefinition(_ node: InputValueDefinition) -> String {
        description(node.description)
            + join(
                [
                    node.name.value + ": " + typeReference(node.type),
                    wrap("= ", node.defaultValue.map(value) ?? ""),
                    join(node.directives.map(directive), " "),
                ], " ")
    }

    static func directiveDefinition(_ node: DirectiveDefinition) -> String {
        description(node.description) + "directive @" + node.name.value
            + argumentsDefinition(node.arguments) + (node.isRepeatable ? " repeatable" : "")
            + " on " + join(node.locations.map(\.value), " | ")
    }

    /// `(a: Int, b: Int)`, or one per line (indented) when any of them spans lines.
    private static func argumentsDefinition(_ arguments: [InputValueDefinition]) -> String {
        let printed = arguments.map(inputValueDefinition)
        return hasMultilineItems(printed)
            ? wrap("(\n", indent(join(printed, "\n")), "\n)")
            : wrap("(", join(printed, ", "), ")")
    }
}
