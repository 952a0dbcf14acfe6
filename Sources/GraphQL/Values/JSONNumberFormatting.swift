/// Numbers as JavaScript's `Number.prototype.toString` writes them.
///
/// graphql-js runs on JavaScript, so its responses and messages print `3.0` as `3`, `1e21`
/// as `1e+21` and `1e-7` as `1e-7`; Kitchen matches it so that clients see the same text
/// from either server. Swift's `description` already finds the shortest digits that read
/// back to the same double; only the layout around them differs.
enum JSONNumberFormatting {
    /// The JavaScript text of a double: `NaN`, `Infinity` and `-Infinity` included (they
    /// appear in messages, never in JSON output).
    static func javaScriptText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }  // -0 too, as JavaScript prints it

        // Split Swift's text ("1.25e-07", "123.5") into digits and a decimal exponent n,
        // so that the magnitude is 0.d1d2…dk × 10^n.
        var digits: [UInt8] = []
        var digitsBeforePoint: Int?
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in value.magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte)
                }
            case UInt8(ascii: "."): digitsBeforePoint = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            default: break
            }
        }
        var n = (digitsBeforePoint ?? digits.count) + exponentSign * exponent
        var first = 0
        while first < digits.count - 1, digits[first] == UInt8(ascii: "0") {
            first += 1
            n -= 1
        }
        var last = digits.count
        while last > first + 1, digits[last - 1] == UInt8(ascii: "0") { last -= 1 }
        let significant = Array(digits[first..<last])
        let k = significant.count

        var out: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        if k <= n, n <= 21 {
            out += significant
            out += repeatElement(UInt8(ascii: "0"), count: n - k)
        } else if 0 < n, n <= 21 {
            out += significant[0..<n]
            out.append(UInt8(ascii: "."))
            out += significant[n...]
        } else if -6 < n, n <= 0 {
            out += [UInt8(ascii: "0"), UInt8(ascii: ".")]
            out += repeatElement(UInt8(ascii: "0"), count: -n)
            out += significant
        } else {
            out.append(significant[0])
            if k > 1 {
                out.append(UInt8(ascii: "."))
                out += significant[1...]
            }
            out.append(UInt8(ascii: "e"))
            out.append(n - 1 > 0 ? UInt8(ascii: "+") : UInt8(ascii: "-"))
            out += String((n - 1).magnitude).utf8
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The JavaScript text of any number value: integers in decimal, doubles as above.
    static func javaScriptText(_ value: Int) -> String {
        String(value)
    }
}

extension Double {
    /// Whether the number is finite and has no fractional part.
    ///
    /// Worked out without `rounded()`, which needs the C math library that the engine
    /// does not link.
    var isWholeNumber: Bool {
        guard isFinite else { return false }
        if magnitude >= 4_503_599_627_370_496 { return true }  // 2^52: no fraction bits left
        return Double(Int64(self)) == self
    }
}
