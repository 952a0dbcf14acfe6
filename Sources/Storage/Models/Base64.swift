/// Base64 text of bytes (RFC 4648), in the standard or the URL-safe alphabet.
///
/// Written out rather than `Data.base64EncodedString()` followed by
/// `replacingOccurrences`: global IDs and cursors are encoded for every object of every
/// response, and the Foundation route went through `NSString` (about a fifth of a recipe
/// page's instructions under callgrind, see Benchmarks/RESULTS.md).
public enum Base64 {
    /// The 64 digits of the standard alphabet (`+`, `/`), read in place: a static string
    /// needs no global's initialization check or reference count on each encode.
    private static let standard: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    /// The 64 digits of the URL-safe alphabet (`-`, `_`).
    private static let urlSafe: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    /// The text of `bytes`: URL-safe digits when `urlSafe`, `=` padding when `padded`.
    public static func encode(_ bytes: some Collection<UInt8>, urlSafe: Bool = false, padded: Bool = true) -> String {
        // Contiguous bytes (an array, a native string's UTF-8) are read where they are.
        bytes.withContiguousStorageIfAvailable { encode($0, urlSafe: urlSafe, padded: padded) }
            ?? Array(bytes).withUnsafeBufferPointer { encode($0, urlSafe: urlSafe, padded: padded) }
    }

    /// The text of bytes in memory: URL-safe digits when `urlSafe`, `=` padding when `padded`.
    public static func encode(_ input: UnsafeBufferPointer<UInt8>, urlSafe: Bool, padded: Bool) -> String {
        let digits = (urlSafe ? Self.urlSafe : Self.standard).utf8Start
        let full = input.count / 3
        let rest = input.count - full * 3
        let length = full * 4 + (rest == 0 ? 0 : (padded ? 4 : rest + 1))
        return String(unsafeUninitializedCapacity: length) { output in
            var o = 0
            var i = 0
            while i + 3 <= input.count {
                let value = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                output[o] = digits[Int(value >> 18 & 63)]
                output[o + 1] = digits[Int(value >> 12 & 63)]
                output[o + 2] = digits[Int(value >> 6 & 63)]
                output[o + 3] = digits[Int(value & 63)]
                i += 3
                o += 4
            }
            if rest > 0 {
                let value = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
                output[o] = digits[Int(value >> 18 & 63)]
                output[o + 1] = digits[Int(value >> 12 & 63)]
                o += 2
                if rest == 2 {
                    output[o] = digits[Int(value >> 6 & 63)]
                    o += 1
                }
                if padded {
                    while o < length {
                        output[o] = UInt8(ascii: "=")
                        o += 1
                    }
                }
            }
            return o
        }
    }

    /// The bytes of base64 text in either alphabet (`+` `/` or `-` `_`, even mixed), with or
    /// without its `=` padding; nil for any other character or an impossible length.
    ///
    /// Read byte by byte: every ID argument is decoded, and the route through
    /// `replacingOccurrences` and `Data(base64Encoded:)` cost about 30,000 instructions.
    public static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var count = input.count
        var padding = 0
        while count > 0, padding < 2, input[count - 1] == UInt8(ascii: "=") {
            count -= 1
            padding += 1
        }
        guard count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(count / 4 * 3 + 2)
        var accumulated: UInt32 = 0
        var bits = 0
        for index in 0..<count {
            guard let digit = digitValue(input[index]) else { return nil }
            accumulated = accumulated << 6 | digit
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulated >> UInt32(bits)))
            }
        }
        return output
    }

    /// The value of one digit of either alphabet.
    private static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
