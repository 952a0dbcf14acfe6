/// Appends `value` in decimal ASCII to `bytes`: the digits are written backwards into a
/// buffer on the stack, then appended in one go. For texts built on every request
/// (cursors, id lists), where interpolating `"\(value)"` cost several hundred
/// instructions a number.
func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        var start = digits.count
        repeat {
            start -= 1
            digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
}
