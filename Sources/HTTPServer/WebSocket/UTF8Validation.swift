/// Checks UTF-8 piece by piece, for text messages that arrive in fragments and frames
/// that arrive in reads (RFC 6455 §8.1): a byte that can begin no valid sequence fails at
/// once, not when the message ends, and a sequence may be split anywhere.
///
/// Follows the well-formed byte sequences of Unicode §3.9 table 3-7: no overlong forms,
/// no surrogates (U+D800–DFFF), nothing above U+10FFFF.
struct UTF8Validation: Sendable {
    /// Continuation bytes still expected for the sequence in progress.
    private var remaining = 0
    /// The range the next continuation byte must fall in (narrower than 80–BF right
    /// after E0, ED, F0 and F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether the bytes so far end between characters (a whole message must).
    var isAtBoundary: Bool { remaining == 0 }

    /// Checks the next bytes; false as soon as one cannot continue valid UTF-8.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            index += 1
            if remaining == 0 {
                if byte < 0x80 { continue }
                lower = 0x80
                upper = 0xBF
                switch byte {
                case 0xC2...0xDF: remaining = 1
                case 0xE0: remaining = 2; lower = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
                case 0xED: remaining = 2; upper = 0x9F
                case 0xF0: remaining = 3; lower = 0x90
                case 0xF1...0xF3: remaining = 3
                case 0xF4: remaining = 3; upper = 0x8F
                default: return false
                }
            } else {
                guard byte >= lower, byte <= upper else { return false }
                remaining -= 1
                lower = 0x80
                upper = 0xBF
            }
        }
        return true
    }

    /// Checks an array of bytes (see `consume(_:)` on a buffer).
    mutating func consume(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { consume($0) }
    }
}
