/// Reading the expressions `EXPLAIN (VERBOSE)` prints (`(r.id = ANY ($1))`,
/// `ROW(r.created_at, r.id) < ROW($1, $2)`, `count(*)`): the column references in them,
/// and a condition's conjunct that selects rows by a column equal to a parameter.
enum PlanText {
    /// A name in an expression, with the alias before its dot if it has one.
    struct Reference: Equatable {
        let qualifier: String?
        let name: String
    }

    /// Every identifier in `text` outside string literals, joined to the one before it by
    /// a dot (`r.title`, `r.*`); quoted identifiers (`r."position"`) lose their quotes.
    static func references(in text: String) -> [Reference] {
        var found: [Reference] = []
        var pending: String?
        var afterDot = false
        var index = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        func flush() {
            if let name = pending { found.append(Reference(qualifier: nil, name: name)) }
            pending = nil
        }
        while index < scalars.endIndex {
            let c = scalars[index]
            if c == "'" {
                // A literal: skip to its closing quote ('' stays inside).
                flush()
                afterDot = false
                index = scalars.index(after: index)
                while index < scalars.endIndex {
                    if scalars[index] == "'" {
                        let next = scalars.index(after: index)
                        if next < scalars.endIndex, scalars[next] == "'" { index = scalars.index(after: next); continue }
                        break
                    }
                    index = scalars.index(after: index)
                }
                if index < scalars.endIndex { index = scalars.index(after: index) }
                continue
            }
            var name: String?
            if c == "\"" {
                var quoted = ""
                index = scalars.index(after: index)
                while index < scalars.endIndex, scalars[index] != "\"" {
                    quoted.unicodeScalars.append(scalars[index])
                    index = scalars.index(after: index)
                }
                if index < scalars.endIndex { index = scalars.index(after: index) }
                name = quoted
            } else if isStart(c) {
                var word = ""
                while index < scalars.endIndex, isPart(scalars[index]) {
                    word.unicodeScalars.append(scalars[index])
                    index = scalars.index(after: index)
                }
                name = word
            } else if c == "*", afterDot {
                name = "*"
                index = scalars.index(after: index)
            }
            if let name {
                if afterDot, let qualifier = pending {
                    found.append(Reference(qualifier: qualifier, name: name))
                    pending = nil
                } else {
                    flush()
                    pending = name
                }
                afterDot = false
                continue
            }
            afterDot = c == "." && pending != nil
            if !afterDot { flush() }
            index = scalars.index(after: index)
        }
        flush()
        return found
    }

    /// In a condition, each top-level conjunct `alias.column = $n` (or `= ANY ($n)`, or
    /// `= u.u` where `u` is the alias of `unnest($n)` in `unnested`; either way round): the
    /// column and the zero-based parameter. None for a disjunction, a comparison with
    /// another column, a condition on another alias.
    static func keyParameters(
        in condition: String, alias: String, unnested: [String: Int] = [:]
    ) -> [(column: String, parameter: Int)] {
        var found: [(column: String, parameter: Int)] = []
        for conjunct in conjuncts(of: condition) {
            let sides = conjunct.components(separatedBy: " = ")
            guard sides.count == 2 else { continue }
            for (column, value) in [(sides[0], sides[1]), (sides[1], sides[0])] {
                let references = references(in: column)
                guard references.count == 1, let reference = references.first, reference.qualifier == alias,
                    reference.name != "*", let parameter = parameterNumber(value, unnested: unnested)
                else { continue }
                found.append((reference.name, parameter - 1))
                break
            }
        }
        return found
    }

    /// `$n`, `ANY ($n)` or `($n)`, possibly with a cast (`$1::bigint`), as n; or a
    /// column of an alias in `unnested`, as that alias's parameter.
    static func parameterNumber(_ text: String, unnested: [String: Int] = [:]) -> Int? {
        var rest = Substring(text.trimmingSpaces)
        if rest.hasPrefix("ANY ") { rest = rest.dropFirst(4) }
        while rest.hasPrefix("("), rest.hasSuffix(")") { rest = rest.dropFirst().dropLast() }
        // A cast follows the parenthesised parameter: `($1)::bigint`.
        if let cast = rest.range(of: "::") { rest = rest[..<cast.lowerBound] }
        while rest.hasPrefix("("), rest.hasSuffix(")") { rest = rest.dropFirst().dropLast() }
        if !unnested.isEmpty, let reference = references(in: String(rest)).first, references(in: String(rest)).count == 1,
            let qualifier = reference.qualifier, let parameter = unnested[qualifier], !rest.contains("(")
        {
            return parameter
        }
        guard rest.hasPrefix("$") else { return nil }
        return Int(rest.dropFirst())
    }

    /// The parts of `condition` joined by a top-level `AND`, each without its outer
    /// parentheses.
    static func conjuncts(of condition: String) -> [String] {
        let text = strippingParentheses(condition)
        var parts: [String] = []
        var depth = 0
        var inLiteral = false
        var current = ""
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if c == "'" { inLiteral.toggle() }
            if !inLiteral {
                if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
                if depth == 0, text[index...].hasPrefix(" AND ") {
                    parts.append(current)
                    current = ""
                    index = text.index(index, offsetBy: 5)
                    continue
                }
            }
            current.append(c)
            index = text.index(after: index)
        }
        parts.append(current)
        return parts.map(strippingParentheses)
    }

    /// `text` without parentheses that enclose all of it.
    private static func strippingParentheses(_ text: String) -> String {
        var text = text.trimmingSpaces
        while text.hasPrefix("("), text.hasSuffix(")"), enclosesAll(text) { text = String(text.dropFirst().dropLast()).trimmingSpaces }
        return text
    }

    /// Whether the first parenthesis of `text` closes at its last character.
    private static func enclosesAll(_ text: String) -> Bool {
        var depth = 0
        for (offset, c) in text.enumerated() {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if depth == 0 { return offset == text.count - 1 }
        }
        return false
    }

    private static func isStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c.value > 127
    }

    private static func isPart(_ c: Unicode.Scalar) -> Bool {
        isStart(c) || (c >= "0" && c <= "9") || c == "$"
    }
}
