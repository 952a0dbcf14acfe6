import GraphQL

/// Refuses U+0000 (NUL) in a request's strings, before anything runs.
///
/// NUL is valid in JSON and in a GraphQL string (as `\u0000`), but C and SQLite end text
/// at it: SQLite's `length()` and FTS5 stop there, so a stored name of `"\u0000"` breaks a
/// CHECK and a keyword holding one breaks a full-text query. No field of the product
/// needs it, so a request carrying one is refused with one clear `BAD_USER_INPUT` error
/// instead of failing somewhere deep as `INTERNAL`.
enum NulCharacters {
    static let message = "Strings must not contain the character U+0000 (NUL)."

    /// The error for a request whose variables or document hold a NUL, else nil.
    static func check(query: String, variables: ObjectValue) -> GraphQLError? {
        guard contains(.object(variables)) || documentEscapesNul(query) else { return nil }
        return GraphQLError(message, code: .badUserInput)
    }

    /// Whether a value holds a NUL in any string, at any depth.
    static func contains(_ value: Value) -> Bool {
        switch value {
        case .string(let text): text.utf8.contains(0)
        case .list(let items): items.contains { contains($0) }
        case .object(let object): object.values.contains { contains($0) }
        default: false
        }
    }

    /// Whether GraphQL text spells a NUL: `\u0000` or `\u{0}` (any number of zeros), or a
    /// raw NUL byte. An escaped backslash (`\\u0000`) is not one. Block strings have no
    /// escapes, so `\u0000` written in one is refused too — text no product field needs.
    static func documentEscapesNul(_ text: String) -> Bool {
        // Most documents have no backslash and no NUL at all: one scan settles it.
        var text = text
        let suspect = text.withUTF8 { bytes in
            bytes.contains { $0 == 0 || $0 == UInt8(ascii: "\\") }
        }
        guard suspect else { return false }
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0 { return true }
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "u"), spellsZero(bytes, from: index + 2) { return true }
            index += 2
        }
        return false
    }

    /// Whether the escape's digits after `\u` at `start` are a zero code point.
    private static func spellsZero(_ bytes: [UInt8], from start: Int) -> Bool {
        let zero = UInt8(ascii: "0")
        if start < bytes.count, bytes[start] == UInt8(ascii: "{") {
            var index = start + 1
            while index < bytes.count, bytes[index] == zero { index += 1 }
            return index > start + 1 && index < bytes.count && bytes[index] == UInt8(ascii: "}")
        }
        guard start + 4 <= bytes.count else { return false }
        return bytes[start..<(start + 4)].allSatisfy { $0 == zero }
    }
}
