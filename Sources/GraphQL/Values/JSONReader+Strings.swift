extension JSONParser {
    /// string = quotation-mark *char quotation-mark
    ///
    /// A string without escapes or non-ASCII bytes (the common case) is made from its bytes
    /// directly; others are written straight into the new string's storage, checking UTF-8
    /// and resolving escapes, with no buffer in between.
    mutating func parseString() throws(JSONError) -> String {
        let opening = index
        index += 1
        let start = index
        index = plainRunEnd(from: index)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        // Escapes only shorten text (`\n` is one byte, a `\u` escape at most three, a
        // surrogate pair's twelve bytes four), so the string fits in its bytes up to the
        // closing quote.
        let capacity = closingQuote(from: index) - start
        var failure: JSONError?
        let string = String(unsafeUninitializedCapacity: capacity) { text in
            do throws(JSONError) {
                return try unescape(from: start, into: text, opening: opening)
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return string
    }

    /// Where the string whose text runs from `start` ends: the offset of its closing quote
    /// (an escape's second byte is skipped, so `\"` is text), or the end of the input.
    private func closingQuote(from start: Int) -> Int {
        var offset = start
        while true {
            offset = bytes.withUnsafeBufferPointer { buffer in
                JSONStringScan.plainRunEnd(buffer, from: offset, stopAtNonASCII: false)
            }
            guard offset < bytes.count else { return bytes.count }
            switch bytes[offset] {
            case UInt8(ascii: "\""): return offset
            case UInt8(ascii: "\\"): offset += 2
            default: offset += 1
            }
        }
    }

    /// Writes the text of the string from `start` into `text` (room enough, as
    /// `parseString` reckons it), leaves `index` after the closing quote and says how many
    /// bytes were written.
    private mutating func unescape(
        from start: Int, into text: UnsafeMutableBufferPointer<UInt8>, opening: Int
    ) throws(JSONError) -> Int {
        var count = 0
        index = start
        while index < bytes.count {
            // Copy each run of plain ASCII at once: a query's text is long runs between
            // its `\n` escapes.
            let run = index
            index = plainRunEnd(from: index)
            if index > run {
                append(run..<index, to: text, at: &count)
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return count
            case UInt8(ascii: "\\"):
                try appendEscape(to: text, at: &count)
            case 0..<0x20:
                throw JSONError("Unescaped control character \(JSONParser.hex(byte)) in string", offset: index)
            case 0x20..<0x80:
                text[count] = byte
                count += 1
                index += 1
            default:
                let length = try utf8SequenceLength()
                append(index..<(index + length), to: text, at: &count)
                index += length
            }
        }
        throw JSONError("Unterminated string", offset: opening)
    }

    /// Copies input bytes into `text` at `count`, in one go.
    private func append(_ range: Range<Int>, to text: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let source = buffer.baseAddress, let target = text.baseAddress else { return }
            (target + count).update(from: source + range.lowerBound, count: range.count)
        }
        count += range.count
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
    private mutating func appendEscape(
        to text: UnsafeMutableBufferPointer<UInt8>, at count: inout Int
    ) throws(JSONError) {
        func put(_ byte: UInt8) {
            text[count] = byte
            count += 1
        }
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONError("Unterminated string", offset: escapeStart) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): put(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): put(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): put(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): put(0x08)
        case UInt8(ascii: "f"): put(0x0C)
        case UInt8(ascii: "n"): put(0x0A)
        case UInt8(ascii: "r"): put(0x0D)
        case UInt8(ascii: "t"): put(0x09)
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
                for byte in encoded { put(byte) }
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
