extension DefaultValueCoercer {
    /// graphql-js `astFromValue` followed by `print`; nil where graphql-js gives no node.
    ///
    /// A custom scalar whose default is a list or object makes graphql-js throw ("Cannot
    /// convert value to AST"); here the literal is printed as written instead.
    func print(_ value: CoercedDefault, as type: TypeReference, literal: ConstValueNode) -> String? {
        switch type {
        case .nonNull(let inner):
            let printed = print(value, as: inner, literal: literal)
            return printed == "null" ? nil : printed
        case .list(let item):
            if case .null = value { return "null" }
            guard case .list(let values) = value else {
                return print(value, as: item, literal: literal)
            }
            let items = values.compactMap { print($0, as: item, literal: literal) }
            return "[" + items.joined(separator: ", ") + "]"
        case .named(let name):
            if case .null = value { return "null" }
            switch schema[name] {
            case .inputObject(let input)?:
                guard case .object(let given) = value else { return nil }
                let fields = input.fields.compactMap { field -> String? in
                    guard let fieldValue = given.first(where: { $0.0 == field.name })?.1,
                        let printed = print(fieldValue, as: field.type, literal: literal)
                    else { return nil }
                    return "\(field.name): \(printed)"
                }
                return "{" + fields.joined(separator: ", ") + "}"
            case .enumeration?:
                if case .enumValue(let name) = value { return name }
                return nil
            case .scalar?:
                return printLeaf(value, isID: name == "ID", literal: literal)
            default:
                return nil
            }
        }
    }

    private func printLeaf(_ value: CoercedDefault, isID: Bool, literal: ConstValueNode) -> String? {
        switch value {
        case .null: return "null"
        case .boolean(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number.isFinite ? JavaScriptNumber.string(number) : Printer.print(literal)
        case .string(let text), .enumValue(let text):
            if isID, JavaScriptNumber.isIntegerString(text) { return text }
            return Printer.printString(text)
        case .list, .object:
            return Printer.print(literal)
        }
    }
}

/// JavaScript's `String(number)`, which graphql-js uses to print numbers it coerced.
enum JavaScriptNumber {
    /// `1` for 1.0, `1e+21`, `1e-7`, `0.000001`, `123.45`.
    static func string(_ number: Double) -> String {
        if number == 0 { return "0" }
        if number < 0 { return "-" + string(-number) }
        // Shortest round-trip digits and a decimal exponent, from Swift's own rendering.
        let text = number.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pointIndex = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
            ?? mantissa.count
        var digits = Array(mantissa.filter { $0 != "." })
        var n = pointIndex + exponent  // value = 0.d1d2… × 10^n
        while digits.first == "0" {
            digits.removeFirst()
            n -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        let k = digits.count
        let all = String(digits)
        if k <= n && n <= 21 {
            return all + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            return String(digits[..<n]) + "." + String(digits[n...])
        }
        if -6 < n && n <= 0 {
            return "0." + String(repeating: "0", count: -n) + all
        }
        let e = n - 1
        let sign = e < 0 ? "-" : "+"
        let head = k == 1 ? all : String(digits[0]) + "." + String(digits[1...])
        return head + "e" + sign + String(abs(e))
    }

    /// graphql-js's `/^-?(?:0|[1-9][0-9]*)$/`.
    static func isIntegerString(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "0") { return bytes.count == 1 }
        return bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
