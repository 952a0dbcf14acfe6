/// Printing values, arguments, directives and type references.
extension Printer {
    static func value<Reference>(_ node: GenericValueNode<Reference>) -> String {
        switch node.kind {
        case .variable(let reference):
            // Only `Variable` can be here: `Never` has no values.
            return (reference as? Variable).map { "$" + $0.name.value } ?? ""
        case .int(let text), .float(let text): return text
        case .string(let text, let isBlock):
            return isBlock ? printBlockString(text) : printString(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return name
        case .list(let items):
            let values = items.map { value($0) }
            let line = "[" + join(values, ", ") + "]"
            if length(line) > maxLineLength {
                return "[\n" + indent(join(values, "\n")) + "\n]"
            }
            return line
        case .object(let fields):
            let printed = fields.map { $0.name.value + ": " + value($0.value) }
            let line = "{ " + join(printed, ", ") + " }"
            return length(line) > maxLineLength ? block(printed) : line
        }
    }

    static func argument<Reference>(_ node: GenericArgument<Reference>) -> String {
        node.name.value + ": " + value(node.value)
    }

    static func directive<Reference>(_ node: GenericDirective<Reference>) -> String {
        "@" + node.name.value + wrap("(", join(node.arguments.map { argument($0) }, ", "), ")")
    }

    static func typeReference(_ node: TypeNode) -> String {
        switch node {
        case .named(let name): name.value
        case .list(let inner, _): "[" + typeReference(inner) + "]"
        case .nonNull(let inner, _): typeReference(inner) + "!"
        }
    }
}
