extension GenericValueNode where VariableReference == Variable {
    /// The value as graphql-js 16's `print` writes it in messages: `[1, 2]`, `{a: "b"}`, on one
    /// line. (`Printer` follows graphql-js 17's layout, `{ a: "b" }`, wrapping long values;
    /// validation messages keep 16's words.)
    var printed: String { printed(sortingFields: false) }

    /// The value with object fields sorted by name: two argument values are the same when
    /// these texts are equal (graphql-js's `print(sortValueNode(value))`).
    var canonicalText: String { printed(sortingFields: true) }

    private func printed(sortingFields: Bool) -> String {
        switch kind {
        case .variable(let variable): return "$" + variable.name.value
        case .int(let text), .float(let text): return text
        case .string(let text, let isBlock):
            return isBlock ? Printer.printBlockString(text) : Printer.printString(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return name
        case .list(let items):
            return "[" + items.map { $0.printed(sortingFields: sortingFields) }.joined(separator: ", ")
                + "]"
        case .object(var fields):
            if sortingFields {
                fields = fields.enumerated().sorted { left, right in
                    let (a, b) = (left.element.name.value, right.element.name.value)
                    return a != b ? Suggestions.naturalOrder(a, b) < 0 : left.offset < right.offset
                }.map(\.element)
            }
            return "{"
                + fields.map { "\($0.name.value): \($0.value.printed(sortingFields: sortingFields))" }
                .joined(separator: ", ") + "}"
        }
    }
}
