/// Prints an AST back as GraphQL text, in graphql-js's canonical layout.
///
/// The output is what graphql-js 17's `print` gives (graphql-core 3.3's `print_ast`): two
/// spaces of indentation, one selection per line, arguments and values wrapped past 80
/// characters, descriptions above what they describe, block strings kept as block strings.
/// Printing is idempotent: printing the parse of printed text gives the same text. The
/// schema printer builds on `printString`, `printBlockString` and `print(_:)` for values.
public enum Printer {
    /// A whole document; definitions are separated by a blank line, with no final newline.
    ///
    /// An anonymous query after a type-system definition keeps its `query` keyword: as a
    /// bare `{ … }` it would be read back as that definition's fields (`type A` then
    /// `{ y: eo }` is `type A { y: eo }`). graphql-js prints the shorthand there, changing
    /// the document's meaning; found by fuzzing the print-parse round trip.
    public static func print(_ document: Document) -> String {
        var printed: [String] = []
        var afterTypeSystem = false
        for node in document.definitions {
            let text = definition(node)
            printed.append(afterTypeSystem && text.hasPrefix("{") ? "query " + text : text)
            if case .typeSystem = node { afterTypeSystem = true } else { afterTypeSystem = false }
        }
        return join(printed, "\n\n")
    }

    /// An executable document.
    public static func print(_ document: ExecutableDocument) -> String {
        join(document.definitions.map(executableDefinition), "\n\n")
    }

    /// A type-system document.
    public static func print(_ document: TypeSystemDocument) -> String {
        join(document.definitions.map(typeSystemDefinition), "\n\n")
    }

    /// A value that may hold variables.
    public static func print(_ value: ValueNode) -> String { self.value(value) }

    /// A constant value.
    public static func print(_ value: ConstValueNode) -> String { self.value(value) }

    /// A type reference such as `[String!]!`.
    public static func print(_ type: TypeNode) -> String { typeReference(type) }

    /// A string as a quoted GraphQL StringValue: `"`, `\` and control characters (C0, DEL
    /// and C1) escaped, JSON-style, everything else as it is.
    public static func printString(_ value: String) -> String {
        var result = "\""
        result.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x08: result += "\\b"
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0C: result += "\\f"
            case 0x0D: result += "\\r"
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x00...0x1F, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A string as a block string (`"""…"""`), on one line when that is safe and short.
    /// `preferMultipleLines` puts the quotes on lines of their own regardless.
    public static func printBlockString(_ value: String, preferMultipleLines: Bool = false) -> String {
        BlockString.print(value, preferMultipleLines: preferMultipleLines)
    }

    /// Whether a value survives being printed as a block string and parsed again (no
    /// control characters, no CR, no leading or trailing blank line, no common indentation).
    public static func isPrintableAsBlockString(_ value: String) -> Bool {
        BlockString.isPrintable(value)
    }

    /// Lines longer than this get their arguments, list items or object fields one per line.
    static let maxLineLength = 80

    // MARK: Layout helpers, as graphql-js's printer has them

    /// The non-empty parts, separated.
    static func join(_ parts: [String], _ separator: String = "") -> String {
        var result = ""
        for part in parts where !part.isEmpty {
            if !result.isEmpty { result += separator }
            result += part
        }
        return result
    }

    /// `start + text + end`, or nothing when `text` is empty.
    static func wrap(_ start: String, _ text: String, _ end: String = "") -> String {
        text.isEmpty ? "" : start + text + end
    }

    /// Items one per line inside an indented `{ }`, or nothing when there are none.
    static func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    /// Two spaces before every line.
    static func indent(_ text: String) -> String {
        wrap("  ", text.replacing("\n", with: "\n  "))
    }

    static func hasMultilineItems(_ items: [String]) -> Bool {
        items.contains { $0.utf8.contains(UInt8(ascii: "\n")) }
    }

    /// Length as graphql-js measures it (UTF-16 code units).
    static func length(_ text: String) -> Int { text.utf16.count }

    /// A description above what it describes.
    static func description(_ node: Description?) -> String {
        guard let node else { return "" }
        return (node.isBlock ? printBlockString(node.value) : printString(node.value)) + "\n"
    }

    static func definition(_ node: Definition) -> String {
        switch node {
        case .executable(let definition): executableDefinition(definition)
        case .typeSystem(let definition): typeSystemDefinition(definition)
        }
    }
}
