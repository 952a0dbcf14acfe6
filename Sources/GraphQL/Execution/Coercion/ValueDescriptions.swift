/// How coercion messages show values: runtime values as graphql-js's `inspect` shows them,
/// literals as the document printer writes them.
///
/// Clients compare error text with graphql-js's, so `{ a: 1, b: [Object] }` is reproduced
/// exactly, depth and length limits included. One deliberate
/// difference: graphql-js shows every key of an object, which lets a request with a
/// 100,000-key object get fifty messages each repeating all of it; here objects, like
/// lists, show their first entries and then `... N more entries`.
enum ValueDescriptions {
    /// Lists show at most this many items, then `... N more items`.
    private static let maxListLength = 10
    /// Objects show at most this many entries, then `... N more entries`.
    private static let maxObjectEntries = 20
    /// Objects and lists nested deeper than this show as `[Object]` and `[Array]`.
    private static let maxDepth = 2

    /// A runtime value as `inspect` shows it; `undefined` stands for an absent value.
    static func inspect(_ value: Value?) -> String {
        guard let value else { return "undefined" }
        return inspect(value, depth: 0)
    }

    private static func inspect(_ value: Value, depth: Int) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .float(let number): return JSONNumberFormatting.javaScriptText(number)
        case .string(let text): return JSONWriter.text(.string(text))
        case .list(let items):
            if items.isEmpty { return "[]" }
            if depth >= maxDepth { return "[Array]" }
            var parts = items.prefix(maxListLength).map { inspect($0, depth: depth + 1) }
            let remaining = items.count - maxListLength
            if remaining == 1 {
                parts.append("... 1 more item")
            } else if remaining > 1 {
                parts.append("... \(remaining) more items")
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            if depth >= maxDepth { return "[Object]" }
            var parts = object.keys.indices.prefix(maxObjectEntries).map {
                object.keys[$0] + ": " + inspect(object.values[$0], depth: depth + 1)
            }
            let remaining = object.count - maxObjectEntries
            if remaining == 1 {
                parts.append("... 1 more entry")
            } else if remaining > 1 {
                parts.append("... \(remaining) more entries")
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    /// A literal as the document printer writes it: `[1, 2]`, `{ a: "x" }`, `$var`.
    ///
    /// The shared `Printer` lays values out as graphql-js 17 does (`{ a: 1 }` where 16
    /// wrote `{a: 1}`), so messages quoting literals match the rest of the engine.
    static func print<Reference: LiteralVariable>(_ node: GenericValueNode<Reference>) -> String {
        Printer.value(node)
    }

    /// A path inside a value as graphql-js's `printPathArray` writes it: `.items[2].quantity`.
    static func printPath(_ path: [PathComponent]) -> String {
        var out = ""
        for component in path {
            switch component {
            case .key(let key): out += "." + key
            case .index(let index): out += "[\(index)]"
            }
        }
        return out
    }
}

/// What may stand for a variable in a literal: a `Variable`, or `Never` in constants.
///
/// Lets one generic function coerce both `ValueNode` and `ConstValueNode` without
/// converting constants first.
protocol LiteralVariable: Sendable, Hashable {
    /// The variable's name without `$`.
    var variableName: String { get }
}

extension Variable: LiteralVariable {
    var variableName: String { name.value }
}

extension Never: LiteralVariable {
    var variableName: String {
        switch self {}
    }
}
