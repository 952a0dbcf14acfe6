/// UTF-8 decoding for the few places the lexer looks past ASCII: string contents and error
/// messages.
extension Lexer {
    /// The Unicode scalar value starting at a byte offset and its length in bytes, or nil when
    /// the bytes there are not well-formed UTF-8 (overlong forms, surrogates, values past
    /// U+10FFFF and truncated sequences are all rejected).
    @inline(__always)
    func decodeScalar(at index: Int) -> (value: UInt32, length: Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        return decodeMultiByteScalar(at: index, lead: lead)
    }

    private func decodeMultiByteScalar(at index: Int, lead: UInt8) -> (value: UInt32, length: Int)? {
        let length: Int
        var value: UInt32
        var lowest: UInt8 = 0x80  // bounds on the second byte (UTF-8's table 3-7)
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
            if lead == 0xE0 { lowest = 0xA0 }
            if lead == 0xED { highest = 0x9F }  // no surrogates
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
            if lead == 0xF0 { lowest = 0x90 }
            if lead == 0xF4 { highest = 0x8F }  // nothing past U+10FFFF
        default:
            return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let inRange =
                offset == 1 ? (byte >= lowest && byte <= highest) : (byte & 0xC0 == 0x80)
            guard inRange else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }
}
