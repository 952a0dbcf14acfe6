/// Finds where a run of string bytes that JSON carries as they are ends, eight bytes at a
/// time: every string of every request body and response goes through one of these scans.
///
/// A word of eight bytes is tested at once with the usual bit tricks: `(w − 0x01…) & ~w &
/// 0x80…` is non-zero exactly when some byte of `w` is zero, and its lowest set bit is in
/// the first such byte (a borrow only marks bytes above it). Bytes are read in
/// little-endian order, so the lowest bit is the earliest byte.
enum JSONStringScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The offset of the first byte at or after `start` that a JSON string cannot hold as it
    /// is — a quote, a backslash or a control character (below U+0020) — and, when
    /// `stopAtNonASCII`, any byte of 0x80 or above; `bytes.count` when there is none.
    @inline(__always)
    static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopAtNonASCII: Bool) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var offset = start
        while offset + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            var special = hasByteBelowSpace(word) | hasZeroByte(word ^ (ones &* 0x22))
                | hasZeroByte(word ^ (ones &* 0x5C))
            if stopAtNonASCII { special |= word & highBits }
            if special != 0 { return offset + special.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < count {
            let byte = base[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            if stopAtNonASCII, byte >= 0x80 { break }
            offset += 1
        }
        return offset
    }

    /// Non-zero when some byte of `word` is zero; its lowest set bit is in the first one.
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// Non-zero when some byte of `word` is below 0x20; its lowest set bit is in the first.
    @inline(__always)
    private static func hasByteBelowSpace(_ word: UInt64) -> UInt64 {
        (word &- ones &* 0x20) & ~word & highBits
    }
}
