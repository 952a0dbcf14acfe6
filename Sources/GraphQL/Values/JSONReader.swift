/// Reads JSON text (RFC 8259, strictly) into a `Value`: request bodies and variables.
///
/// Strict because the input comes from anyone: no comments, trailing commas, leading
/// zeros, `NaN` or single quotes; the whole input must be one value (whitespace around it
/// is fine); strings must be valid UTF-8 and `\u` escapes must not leave a surrogate
/// alone. Nesting is bounded, so a deep input is an error, never a stack overflow.
/// Integers that fit in `Int` become `.int`, every other number `.float`; when an object
/// repeats a key, the last value wins (at the first one's position).
public enum JSONReader {
    /// How deep arrays and objects may nest by default.
    public static let defaultMaxDepth = 64

    /// Reads one JSON value from UTF-8 bytes.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONError) -> Value {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// Reads one JSON value from a string.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONError) -> Value {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// Why JSON text could not be read: a short reason and the byte offset it applies to.
///
/// The HTTP layer reports it to the client as a 400, so the message says what was wrong
/// and where, and nothing else.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, e.g. `Unexpected character 'x'`.
    public let reason: String
    /// The byte offset into the input where it was found.
    public let offset: Int

    public init(_ reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// `Unexpected character 'x' at offset 12`.
    public var message: String { "\(reason) at offset \(offset)" }
    public var description: String { message }
}

/// The reading state: the bytes and the offset of the next one.
struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// JSON-text = ws value ws
    mutating func parseDocument() throws(JSONError) -> Value {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw unexpected() }
        return value
    }

    /// value = false / null / true / object / array / number / string
    mutating func parseValue(depth: Int) throws(JSONError) -> Value {
        guard index < bytes.count else { throw unexpected() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw unexpected()
        }
    }

    /// object = begin-object [ member *( value-separator member ) ] end-object
    private mutating func parseObject(depth: Int) throws(JSONError) -> Value {
        guard depth <= maxDepth else { throw tooDeep() }
        index += 1
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(ObjectValue())
        }
        var keys: [String] = []
        var values: [Value] = []
        var positions: [String: Int] = [:]  // filled only for large objects
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw unexpected() }
            let key = try parseString()
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else { throw unexpected() }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            // A repeated key keeps its first position and takes the last value.
            let existing = keys.count < 16 ? keys.firstIndex(of: key) : positions[key]
            if let existing {
                values[existing] = value
            } else {
                keys.append(key)
                values.append(value)
                if keys.count == 16 {
                    for (position, name) in keys.enumerated() { positions[name] = position }
                } else if keys.count > 16 {
                    positions[key] = keys.count - 1
                }
            }
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return .object(ObjectValue(keys: keys, values: values))
            default:
                throw unexpected()
            }
        }
    }

    /// array = begin-array [ value *( value-separator value ) ] end-array
    private mutating func parseArray(depth: Int) throws(JSONError) -> Value {
        guard depth <= maxDepth else { throw tooDeep() }
        index += 1
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return .list([])
        }
        var items: [Value] = []
        while true {
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return .list(items)
            default:
                throw unexpected()
            }
        }
    }

    /// number = [ minus ] int [ frac ] [ exp ]
    private mutating func parseNumber() throws(JSONError) -> Value {
        let start = index
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw unexpected() }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
            throw JSONError("Leading zero in number", offset: index)
        }
        // Integer digits, accumulated negatively so that Int.min fits.
        var integer = 0
        var overflowed = false
        while index < bytes.count, isDigit(bytes[index]) {
            let (times10, overflow1) = integer.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(Int(bytes[index] - 48))
            overflowed = overflowed || overflow1 || overflow2
            integer = next
            index += 1
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard try skipDigits() > 0 else { throw unexpected() }
            isInteger = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard try skipDigits() > 0 else { throw unexpected() }
            isInteger = false
        }
        if isInteger, !overflowed {
            if isNegative { return .int(integer) }
            if integer != Int.min { return .int(-integer) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw JSONError("Number out of range", offset: start)
        }
        return .float(double)
    }

    /// Skips a run of digits and says how many there were.
    private mutating func skipDigits() throws(JSONError) -> Int {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index - start
    }

    // MARK: Small steps

    /// The next byte, or an end-of-input error.
    func peek() throws(JSONError) -> UInt8 {
        guard index < bytes.count else { throw unexpected() }
        return bytes[index]
    }

    /// ws = *( %x20 / %x09 / %x0A / %x0D )
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONError) {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == expected else {
                throw index < bytes.count ? unexpected() : JSONError("Unexpected end of input", offset: start)
            }
            index += 1
        }
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `Unexpected character 'x'`, `Unexpected byte 0xFF` or `Unexpected end of input`, at
    /// the current offset.
    func unexpected() -> JSONError {
        guard index < bytes.count else { return JSONError("Unexpected end of input", offset: index) }
        let byte = bytes[index]
        if byte > 0x20, byte < 0x7F {
            return JSONError("Unexpected character '\(Character(Unicode.Scalar(byte)))'", offset: index)
        }
        return JSONError("Unexpected byte \(JSONParser.hex(byte))", offset: index)
    }

    private func tooDeep() -> JSONError {
        JSONError("Nesting deeper than \(maxDepth) levels", offset: index)
    }

    /// `0x7F`
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
