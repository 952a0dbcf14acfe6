/// Appends `value` in decimal ASCII to `bytes`: the digits go on backwards, then are
/// turned around. For texts built on every request (cursors, id lists), where
/// interpolating `"\(value)"` cost several hundred instructions a number.
func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    let start = bytes.count
    var rest = value.magnitude
    repeat {
        bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
    } while rest > 0
    bytes[start...].reverse()
}
