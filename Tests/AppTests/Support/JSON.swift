import Foundation

/// A decoded JSON value, for reading responses in tests: `response.data["recipe"]["name"]`.
///
/// Reading a missing key or index gives `.missing`, so a chain of subscripts never traps and
/// a failed expectation shows what was there instead.
enum JSON: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
    /// What a subscript gives for a key or index that is not there.
    case missing

    /// Decodes JSON text; anything that is not JSON is `.missing`.
    init(data: Data) {
        self = (try? JSONDecoder().decode(JSON.self, from: data)) ?? .missing
    }

    subscript(key: String) -> JSON {
        if case .object(let members) = self { return members[key] ?? .missing }
        return .missing
    }

    subscript(index: Int) -> JSON {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return .missing
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var int: Int? {
        if case .number(let number) = self, number == number.rounded() { return Int(number) }
        return nil
    }

    var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    var array: [JSON] {
        if case .array(let items) = self { return items }
        return []
    }

    var isNull: Bool { self == .null }

    /// The value as JSON text (for request bodies and failure messages).
    var text: String {
        switch self {
        case .null, .missing: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text):
            var escaped = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                case "\r": escaped += "\\r"
                case "\t": escaped += "\\t"
                case _ where scalar.value < 0x20:
                    escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped + "\""
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }
                .map { JSON.string($0.key).text + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    var description: String { self == .missing ? "<missing>" : text }
}

extension JSON: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    init(nilLiteral: ()) { self = .null }
}

extension JSON: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSON].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }
}
