extension GenericValueNode where VariableReference == Variable {
    /// The value as graphql-js's `print` writes it in messages: `[1, 2]`, `{a: "b"}`.
    var printed: String { printed(sortingFields: false) }

    /// The value with object fields sorted by name: two argument values are the same when
    /// these texts are equal (graphql-js's `print(sortValueNode(value))`).
    var canonicalText: String { printed(sortingFields: true) }

    private func printed(sortingFields: Bool) -> String {
        switch kind {
        case .variable(let variable): return "$" + variable.name.value
        case .int(let text), .float(let text): return text
        case .string(let text, let isBlock):
            return isBlock ? Self.blockString(text) : Self.quoted(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return name
        case .list(let items):
            return "[" + items.map { $0.printed(sortingFields: sortingFields) }.joined(separator: ", ")
                + "]"
        case .object(var fields):
            if sortingFields {
                fields = fields.enumerated().sorted { left, right in
                    let order = Suggestions.naturalOrder(left.element.name.value, right.element.name.value)
                    return order != 0 ? order < 0 : left.offset < right.offset
                }.map(\.element)
            }
            return "{"
                + fields.map { "\($0.name.value): \($0.value.printed(sortingFields: sortingFields))" }
                .joined(separator: ", ") + "}"
        }
    }

    /// A JSON-style string literal, escaping quotes, backslashes and control characters.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{0C}": result += "\\f"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func blockString(_ text: String) -> String {
        "\"\"\"" + text.replacing("\"\"\"", with: "\\\"\"\"") + "\"\"\""
    }
}
