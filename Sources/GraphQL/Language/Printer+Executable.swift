/// Printing operations, fragments and selections.
extension Printer {
    static func executableDefinition(_ node: ExecutableDefinition) -> String {
        switch node {
        case .operation(let operation): operationDefinition(operation)
        case .fragment(let fragment): fragmentDefinition(fragment)
        }
    }

    /// An anonymous query with no variables or directives prints as the `{ … }` shorthand.
    static func operationDefinition(_ node: OperationDefinition) -> String {
        let variables = node.variableDefinitions.map(variableDefinition)
        let variableList =
            hasMultilineItems(variables)
            ? wrap("(\n", join(variables, "\n"), "\n)")
            : wrap("(", join(variables, ", "), ")")
        let prefix =
            description(node.description)
            + join(
                [
                    node.operation.rawValue, join([node.name?.value ?? "", variableList]),
                    join(node.directives.map(directive), " "),
                ], " ")
        return (prefix == "query" ? "" : prefix + " ") + selectionSet(node.selectionSet)
    }

    static func variableDefinition(_ node: VariableDefinition) -> String {
        description(node.description) + "$" + node.variable.name.value + ": "
            + typeReference(node.type)
            + wrap(" = ", node.defaultValue.map(value) ?? "")
            + wrap(" ", join(node.directives.map(directive), " "))
    }

    static func selectionSet(_ node: SelectionSet) -> String {
        block(node.selections.map(selection))
    }

    static func selection(_ node: Selection) -> String {
        switch node {
        case .field(let field):
            let prefix = wrap("", field.alias?.value ?? "", ": ") + field.name.value
            return lineWithArguments(prefix, field.arguments.map(argument))
                + wrap(" ", join(field.directives.map(directive), " "))
                + wrap(" ", field.selectionSet.map(selectionSet) ?? "")
        case .fragmentSpread(let spread):
            return "..." + spread.name.value + wrap(" ", join(spread.directives.map(directive), " "))
        case .inlineFragment(let fragment):
            return join(
                [
                    "...", wrap("on ", fragment.typeCondition?.value ?? ""),
                    join(fragment.directives.map(directive), " "),
                    selectionSet(fragment.selectionSet),
                ], " ")
        }
    }

    static func fragmentDefinition(_ node: FragmentDefinition) -> String {
        description(node.description) + "fragment " + node.name.value + " on "
            + node.typeCondition.value + " "
            + wrap("", join(node.directives.map(directive), " "), " ")
            + selectionSet(node.selectionSet)
    }

    /// `prefix(a: 1, b: 2)`, or one argument per line when that is longer than 80.
    static func lineWithArguments(_ prefix: String, _ arguments: [String]) -> String {
        let line = prefix + wrap("(", join(arguments, ", "), ")")
        if length(line) > maxLineLength {
            return prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
        }
        return line
    }
}
