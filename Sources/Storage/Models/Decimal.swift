/// Appends `value` in decimal ASCII to `bytes`: the digits are written into a buffer on
/// the stack, then appended in one go. For texts built on every request
/// (cursors, id lists), where interpolating `"\(value)"` cost several hundred
/// instructions a number.
func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { text in
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<writeDecimal(value, into: text, at: 0)]))
    }
}

/// Writes `value` in decimal ASCII into `buffer` from `start` (at most 20 bytes: a sign
/// and 19 digits) and returns where it ends.
func writeDecimal(_ value: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
    var end = start
    if value < 0 {
        buffer[end] = UInt8(ascii: "-")
        end += 1
    }
    var digits = 0
    var rest = value.magnitude
    repeat {
        digits += 1
        rest /= 10
    } while rest > 0
    end += digits
    rest = value.magnitude
    for index in stride(from: end - 1, through: end - digits, by: -1) {
        buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
    }
    return end
}
