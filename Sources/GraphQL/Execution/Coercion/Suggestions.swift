/// "Did you mean …?" hints, ranked the way graphql-js ranks them.
///
/// A hint names the options within a small edit distance of what was written (case
/// changes count as one edit, swapping two neighbours as one), closest first.
enum Suggestions {
    /// At most this many options are named in one hint.
    private static let maxSuggestions = 5

    /// The options close enough to `input`, closest first, ties in natural order.
    static func list(_ input: String, options: [String]) -> [String] {
        let inputLower = Array(input.lowercased().unicodeScalars)
        let threshold = input.unicodeScalars.count * 2 / 5 + 1
        var ranked: [(option: String, distance: Int)] = []
        for option in options {
            if let distance = distance(input, inputLower, option, threshold: threshold),
                !ranked.contains(where: { $0.option == option })
            {
                ranked.append((option, distance))
            }
        }
        ranked.sort {
            $0.distance != $1.distance
                ? $0.distance < $1.distance : naturalOrder($0.option, $1.option)
        }
        return ranked.map(\.option)
    }

    /// ` Did you mean "a", "b", or "c"?`, or an empty string when there are none.
    static func didYouMean(_ suggestions: [String], subject: String? = nil) -> String {
        let quoted = suggestions.prefix(maxSuggestions).map { "\"\($0)\"" }
        var message = " Did you mean "
        if let subject { message += subject + " " }
        switch quoted.count {
        case 0: return ""
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default:
            return message + quoted.dropLast().joined(separator: ", ") + ", or " + quoted.last!
                + "?"
        }
    }

    /// Optimal string alignment distance between lowercased strings; nil past `threshold`.
    private static func distance(
        _ input: String, _ inputLower: [Unicode.Scalar], _ option: String, threshold: Int
    ) -> Int? {
        if input == option { return 0 }
        let optionLower = Array(option.lowercased().unicodeScalars)
        if optionLower == inputLower { return 1 }
        var a = optionLower
        var b = inputLower
        if a.count < b.count { swap(&a, &b) }
        if a.count - b.count > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
        for j in 0...b.count { rows[0][j] = j }
        if a.isEmpty { return b.count <= threshold ? b.count : nil }
        for i in 1...a.count {
            let up = (i - 1) % 3
            let current = i % 3
            rows[current][0] = i
            var smallest = i
            if !b.isEmpty {
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                    }
                    smallest = min(smallest, cell)
                    rows[current][j] = cell
                }
            }
            if smallest > threshold { return nil }
        }
        let result = rows[a.count % 3][b.count]
        return result <= threshold ? result : nil
    }

    /// Compares names with runs of digits compared by value: `a2` before `a10`.
    private static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var i = 0
        var j = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                // As graphql-js does, a run stops after a leading zero.
                var leftNumber = 0
                repeat {
                    leftNumber = leftNumber &* 10 &+ Int(left[i] - 48)
                    i += 1
                } while i < left.count && isDigit(left[i]) && leftNumber > 0
                var rightNumber = 0
                repeat {
                    rightNumber = rightNumber &* 10 &+ Int(right[j] - 48)
                    j += 1
                } while j < right.count && isDigit(right[j]) && rightNumber > 0
                if leftNumber != rightNumber { return leftNumber < rightNumber }
            } else {
                if left[i] != right[j] { return left[i] < right[j] }
                i += 1
                j += 1
            }
        }
        return left.count < right.count
    }
}
