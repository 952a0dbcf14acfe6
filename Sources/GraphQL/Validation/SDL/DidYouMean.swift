/// graphql-js's "Did you mean …?" suggestions: the options close to a misspelt name, and
/// the sentence that offers them.
enum DidYouMean {
    /// At most this many suggestions are offered.
    static let maximum = 5

    /// The options within a small edit distance of `input` (case changes count as one
    /// edit, transpositions as one), nearest first, ties in natural order — graphql-js's
    /// `suggestionList`.
    static func suggestions(for input: String, among options: [String]) -> [String] {
        let threshold = input.unicodeScalars.count * 4 / 10 + 1
        let measure = LexicalDistance(input)
        var distances: [String: Int] = [:]
        for option in options where distances[option] == nil {
            if let distance = measure.distance(to: option, threshold: threshold) {
                distances[option] = distance
            }
        }
        return distances.keys.sorted { a, b in
            let (da, db) = (distances[a]!, distances[b]!)
            return da != db ? da < db : naturalOrder(a, b)
        }
    }

    /// ` Did you mean "A", "B", or "C"?` — empty when there is nothing to suggest.
    static func message(_ suggestions: [String], subMessage: String? = nil) -> String {
        let quoted = suggestions.prefix(maximum).map { "\"\($0)\"" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        switch quoted.count {
        case 0: return ""
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default:
            return message + quoted.dropLast().joined(separator: ", ") + ", or " + quoted.last!
                + "?"
        }
    }

    /// graphql-js's `naturalCompare`: digit runs compare by their numeric value.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf16)
        let right = Array(b.utf16)
        var i = 0
        var j = 0
        func isDigit(_ unit: UInt16) -> Bool { unit >= 48 && unit <= 57 }
        while i < left.count && j < right.count {
            if isDigit(left[i]) && isDigit(right[j]) {
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

/// The optimal-string-alignment distance between a fixed input and candidate options,
/// compared in lower case.
private struct LexicalDistance {
    let input: String
    let lowered: [Unicode.Scalar]
    let loweredText: String

    init(_ input: String) {
        self.input = input
        self.loweredText = input.lowercased()
        self.lowered = Array(loweredText.unicodeScalars)
    }

    func distance(to option: String, threshold: Int) -> Int? {
        if option == input { return 0 }
        let optionLowered = option.lowercased()
        if optionLowered == loweredText { return 1 }
        var a = Array(optionLowered.unicodeScalars)
        var b = lowered
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
        let distance = rows[a.count % 3][b.count]
        return distance <= threshold ? distance : nil
    }
}
