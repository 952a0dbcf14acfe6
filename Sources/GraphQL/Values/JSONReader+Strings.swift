extension JSONParser {
    /// string = quotation-mark *char quotation-mark
    ///
    /// A string without escapes or non-ASCII bytes (the common case) is made from its bytes
    /// directly; others are copied byte by byte, checking UTF-8 and resolving escapes.
    mutating func parseString() throws(JSONError) -> String {
        let opening = index
        index += 1
        let start = index
        index = plainRunEnd(from: index)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            // Copy each run of plain ASCII at once: a query's text is long runs between
            // its `\n` escapes.
            let run = index
            index = plainRunEnd(from: index)
            if index > run { buffer.append(contentsOf: bytes[run..<index]) }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &buffer)
            case 0..<0x20:
                throw JSONError("Unescaped control character \(JSONParser.hex(byte)) in string", offset: index)
            case 0x20..<0x80:
                buffer.append(byte)
                index += 1
            default:
                let length = try utf8SequenceLength()
                buffer.append(contentsOf: bytes[index..<(index + length)])
                index += length
            }
        }
        throw JSONError("Unterminated string", offset: opening)
    }

    /// The offset of the first byte at or after `start` that is not plain printable ASCII
    /// (a quote, a backslash, a control character or a non-ASCII byte), or the end.
    ///
    /// Eight bytes at a time (`JSONStringScan`): it is the loop every string of every
    /// request body goes through.
    private func plainRunEnd(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            JSONStringScan.plainRunEnd(buffer, from: start, stopAtNonASCII: true)
        }
    }

    /// escape = %x5C ( %x22 / %x5C / %x2F / %x62 / %x66 / %x6E / %x72 / %x74 / %x75 4HEXDIG )
    ///
    /// A `\u` escape of a high surrogate must be followed by one of a low surrogate; the
    /// pair stands for one character. A surrogate alone is an error.
    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONError("Unterminated string", offset: escapeStart) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONError("Lone surrogate in \\u escape", offset: escapeStart)
            }
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw JSONError("Lone surrogate in \\u escape", offset: escapeStart) }
                index += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONError("Lone surrogate in \\u escape", offset: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            // Not a surrogate now, so always a valid scalar.
            if let character = Unicode.Scalar(scalar), let encoded = UTF8.encode(character) {
                buffer.append(contentsOf: encoded)
            }
        default:
            throw JSONError("Invalid escape \(describe(letter)) in string", offset: escapeStart)
        }
    }

    /// Four hexadecimal digits of a `\u` escape.
    private mutating func hexQuad() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw JSONError("Unterminated string", offset: index) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONError("Invalid \\u escape: \(describe(byte)) is not a hex digit", offset: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode table 3-7: no
    /// overlong forms, no surrogates, nothing past U+10FFFF), or an error.
    private func utf8SequenceLength() throws(JSONError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw JSONError("Invalid UTF-8 byte \(JSONParser.hex(lead))", offset: index)
        }
        for offset in 1..<length {
            let position = index + offset
            guard position < bytes.count else { throw JSONError("Invalid UTF-8 sequence", offset: index) }
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(bytes[position]) else {
                throw JSONError("Invalid UTF-8 byte \(JSONParser.hex(bytes[position]))", offset: position)
            }
        }
        return length
    }

    /// `'x'` for a printable ASCII byte, `0xNN` for any other.
    private func describe(_ byte: UInt8) -> String {
        byte > 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : JSONParser.hex(byte)
    }
}
