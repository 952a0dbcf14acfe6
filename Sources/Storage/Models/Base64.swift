/// Base64 text of bytes (RFC 4648), in the standard or the URL-safe alphabet.
///
/// Written out rather than `Data.base64EncodedString()` followed by
/// `replacingOccurrences`: global IDs and cursors are encoded for every object of every
/// response, and the Foundation route went through `NSString` (about a fifth of a recipe
/// page's instructions under callgrind, see Benchmarks/RESULTS.md).
public enum Base64 {
    /// The 64 digits of the standard alphabet (`+`, `/`).
    private static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    /// The 64 digits of the URL-safe alphabet (`-`, `_`).
    private static let urlSafe = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The text of `bytes`: URL-safe digits when `urlSafe`, `=` padding when `padded`.
    public static func encode(_ bytes: some Collection<UInt8>, urlSafe: Bool = false, padded: Bool = true) -> String {
        // Contiguous bytes (an array, a native string's UTF-8) are read where they are.
        bytes.withContiguousStorageIfAvailable { encode($0, urlSafe: urlSafe, padded: padded) }
            ?? Array(bytes).withUnsafeBufferPointer { encode($0, urlSafe: urlSafe, padded: padded) }
    }

    /// The text of bytes in memory: URL-safe digits when `urlSafe`, `=` padding when `padded`.
    public static func encode(_ input: UnsafeBufferPointer<UInt8>, urlSafe: Bool, padded: Bool) -> String {
        let digits = urlSafe ? Self.urlSafe : Self.standard
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
}
