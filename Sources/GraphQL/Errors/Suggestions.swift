/// "Did you mean …?" hints, worded and ranked as graphql-js 16 does.
///
/// Candidates are ranked by an optimal-string-alignment edit distance that ignores case,
/// kept only when close enough to the input (40% of its length, plus one), and ties are
/// broken by natural order so that `item2` comes before `item10`.
enum Suggestions {
    /// The most suggestions a message lists.
    static let maximumShown = 5

    /// The options close to `input`, best first.
    static func list(for input: String, among options: [String]) -> [String] {
        let measure = LexicalDistance(input)
        let threshold = input.utf16.count * 4 / 10 + 1
        var distances: [String: Int] = [:]
        var ordered: [String] = []
        for option in options {
            guard let distance = measure.distance(to: option, threshold: threshold) else {
                continue
            }
            if distances[option] == nil { ordered.append(option) }
            distances[option] = distance
        }
        return ordered.sorted { left, right in
            let leftDistance = distances[left]!
            let rightDistance = distances[right]!
            if leftDistance != rightDistance { return leftDistance < rightDistance }
            return naturalOrder(left, right) < 0
        }
    }

    /// ` Did you mean "a", "b", or "c"?`, or an empty string when there is nothing to suggest.
    /// `subject` (for example `to use an inline fragment on`) goes between "mean" and the list.
    static func didYouMean(_ suggestions: [String], subject: String? = nil) -> String {
        let quoted = suggestions.map { "\"\($0)\"" }
        var message = " Did you mean "
        if let subject { message += subject + " " }
        switch quoted.count {
        case 0: return ""
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default:
            let shown = Array(quoted.prefix(maximumShown))
            return message + shown.dropLast().joined(separator: ", ") + ", or " + shown.last! + "?"
        }
    }

    /// Compares two strings as graphql-js's `naturalCompare`: runs of digits compare as
    /// numbers, everything else by UTF-16 code unit; negative when `a` sorts first.
    static func naturalOrder(_ a: String, _ b: String) -> Int {
        let left = Array(a.utf16)
        let right = Array(b.utf16)
        var leftIndex = 0
        var rightIndex = 0
        while leftIndex < left.count, rightIndex < right.count {
            let leftUnit = left[leftIndex]
            let rightUnit = right[rightIndex]
            if isDigit(leftUnit), isDigit(rightUnit) {
                let leftNumber = readNumber(left, &leftIndex)
                let rightNumber = readNumber(right, &rightIndex)
                if leftNumber != rightNumber { return leftNumber < rightNumber ? -1 : 1 }
            } else {
                if leftUnit != rightUnit { return leftUnit < rightUnit ? -1 : 1 }
                leftIndex += 1
                rightIndex += 1
            }
        }
        return left.count - right.count
    }

    private static func isDigit(_ unit: UInt16) -> Bool { unit >= 48 && unit <= 57 }

    /// Reads a run of digits as graphql-js does: a leading zero ends the run after itself.
    private static func readNumber(_ units: [UInt16], _ index: inout Int) -> Double {
        var number = 0.0
        repeat {
            number = number * 10 + Double(units[index] - 48)
            index += 1
        } while index < units.count && isDigit(units[index]) && number > 0
        return number
    }
}

/// The optimal-string-alignment distance from one input to many options, case-insensitive.
struct LexicalDistance {
    private let input: String
    private let lowercased: String
    private let inputUnits: [UInt16]

    init(_ input: String) {
        self.input = input
        self.lowercased = input.lowercased()
        self.inputUnits = Array(lowercased.utf16)
    }

    /// The distance to `option`, or nil when it exceeds `threshold`. A case-only difference
    /// counts as 1, an exact match as 0.
    func distance(to option: String, threshold: Int) -> Int? {
        if option == input { return 0 }
        let optionLowercased = option.lowercased()
        if optionLowercased == lowercased { return 1 }
        var a = Array(optionLowercased.utf16)
        var b = inputUnits
        if a.count < b.count { swap(&a, &b) }
        if a.count - b.count > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
        for column in 0...b.count { rows[0][column] = column }
        if a.isEmpty { return rows[0][b.count] <= threshold ? rows[0][b.count] : nil }
        for row in 1...a.count {
            let up = (row - 1) % 3
            let current = row % 3
            var smallest = row
            rows[current][0] = row
            if b.count > 0 {
                for column in 1...b.count {
                    let cost = a[row - 1] == b[column - 1] ? 0 : 1
                    var cell = min(
                        rows[up][column] + 1, rows[current][column - 1] + 1,
                        rows[up][column - 1] + cost)
                    if row > 1, column > 1, a[row - 1] == b[column - 2],
                        a[row - 2] == b[column - 1]
                    {
                        cell = min(cell, rows[(row - 2) % 3][column - 2] + 1)
                    }
                    smallest = min(smallest, cell)
                    rows[current][column] = cell
                }
            }
            if smallest > threshold { return nil }
        }
        let distance = rows[a.count % 3][b.count]
        return distance <= threshold ? distance : nil
    }
}
