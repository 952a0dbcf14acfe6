/// Full-text search that finds Chinese words of any length as well as English words.
///
/// SQLite's FTS5 has no Chinese word breaker: `unicode61` reads a run of Han characters as
/// one token, and `trigram` cannot match a query shorter than three characters (in 3.40.1
/// its `LIKE` fallback even returns no rows for a one- or two-character non-ASCII pattern).
/// So Kitchen gives every CJK character a token of its own — spaces around each one, in the
/// indexed text and in the query — and searches each keyword as a phrase: 红烧 becomes the
/// phrase "红 烧", which matches those two characters side by side, anywhere. English goes
/// through `unicode61` (and `porter`, so "ribs" finds "rib") untouched.
///
/// An index table looks like
/// `CREATE VIRTUAL TABLE recipe_search USING fts5(name, description, tokenize = 'porter unicode61 remove_diacritics 2')`,
/// filled with `FullText.indexable(_:)` (or the SQL function `kitchen_search_text(x)` that
/// every connection registers, usable in triggers), and queried with
/// `WHERE recipe_search MATCH ?` bound to `FullText.matchExpression(keyword)` (scoped to
/// columns, tier by tier, by `SearchTiers`).
public enum FullText {
    /// The most keywords one search uses; the rest are ignored.
    public static let maxTerms = 16

    /// Text to store in an FTS5 column: every CJK character stands apart as its own token.
    public static func indexable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                scalars.append(" ")
                scalars.append(scalar)
                scalars.append(" ")
                changed = true
            } else {
                scalars.append(scalar)
            }
        }
        return changed ? String(scalars) : text
    }

    /// An FTS5 `MATCH` expression for what a user typed, or `nil` when it has nothing to find.
    ///
    /// Keywords split at whitespace; each becomes a quoted phrase (quotes inside doubled), so
    /// no input can be read as FTS5 query syntax, and all of them must match (AND).
    public static func matchExpression(_ keyword: String) -> String? {
        let terms = terms(keyword)
        guard !terms.isEmpty else { return nil }
        return terms.map { spaced in
            var phrase = "\""
            for character in spaced {
                if character == "\"" { phrase += "\"\"" } else { phrase.append(character) }
            }
            return phrase + "\""
        }.joined(separator: " AND ")
    }

    /// The keywords of what a user typed, each as `indexable` text, every one of which must
    /// be found (as a phrase): split at whitespace, those with nothing searchable (only
    /// punctuation) dropped, at most `maxTerms`. Each store turns them into its own query.
    public static func terms(_ keyword: String) -> [String] {
        keyword.split(whereSeparator: \.isWhitespace)
            .filter { $0.unicodeScalars.contains(where: isSearchable) }
            .prefix(maxTerms)
            .map { indexable(String($0)) }
    }

    /// Whether a character is written without spaces between words: Han, kana, Hangul.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,  // Hiragana, Katakana
            0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
            0x4E00...0x9FFF,  // CJK Unified Ideographs
            0xAC00...0xD7AF,  // Hangul Syllables
            0xF900...0xFAFF,  // CJK Compatibility Ideographs
            0x20000...0x323AF:  // Extensions B to H
            true
        default:
            false
        }
    }

    /// Whether `unicode61` would keep a character in a token (a letter or a digit).
    private static func isSearchable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
