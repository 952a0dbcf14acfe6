/// JavaScript's `Number(text)`, which graphql-js's output coercion of `Int` and `Float`
/// applies to strings: `" 12 "` is 12, `"0x10"` is 16, `"1e3"` is 1000, `"abc"` is NaN.
extension BuiltInScalars {
    /// JavaScript's `Number(text)` for the strings output coercion meets; nil for `NaN`.
    static func javaScriptNumber(_ text: String) -> Double? {
        let trimmed = text.trimmingJavaScriptWhitespace()
        if trimmed.isEmpty { return 0 }
        switch trimmed {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let bytes = Array(trimmed.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let radix: Int? =
                switch bytes[1] {
                case UInt8(ascii: "x"), UInt8(ascii: "X"): 16
                case UInt8(ascii: "o"), UInt8(ascii: "O"): 8
                case UInt8(ascii: "b"), UInt8(ascii: "B"): 2
                default: nil
                }
            if let radix {
                var result = 0.0
                for byte in bytes[2...] {
                    guard let digit = Int(String(UnicodeScalar(byte)), radix: radix) else {
                        return nil
                    }
                    result = result * Double(radix) + Double(digit)
                }
                return result
            }
        }
        guard isDecimalLiteral(bytes) else { return nil }
        return Double(trimmed)
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    private static func isDecimalLiteral(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        var mantissaDigits = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}

extension String {
    /// The string without the whitespace and line terminators JavaScript trims.
    fileprivate func trimmingJavaScriptWhitespace() -> Substring {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return Substring(scalars[first...last])
    }
}
