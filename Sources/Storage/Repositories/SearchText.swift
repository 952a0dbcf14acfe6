import Foundation

/// Tokenizing for the FTS5 tables: CJK text as overlapping bigrams (see `DomainSchema.search`).
///
/// `unicode61` splits on spaces and punctuation but keeps a run of Han characters as one
/// token. Breaking each run into bigrams before indexing — and each query the same way —
/// makes two-character words like 红烧 match inside 红烧排骨.
public enum SearchText {
    /// The text to store in an indexed column: each CJK run becomes its overlapping
    /// bigrams followed by its last character alone (红烧排骨 → `红烧 烧排 排骨 骨`); other
    /// text is kept as it is, with a space between it and CJK runs.
    public static func indexed(_ text: String) -> String {
        words(in: text).map { word in
            word.isCJK ? bigramTokens(word.characters).joined(separator: " ") : word.text
        }.joined(separator: " ")
    }

    /// An FTS5 `MATCH` expression for a user's keyword, or `nil` when nothing searchable
    /// is left (only punctuation or spaces).
    ///
    /// Each word must match (AND). A CJK word of two or more characters is the phrase of its
    /// bigrams, which must be adjacent and in order; a single CJK character is a prefix query
    /// that matches any bigram starting with it (or a run's last character); other words
    /// are phrases, so FTS5 syntax characters in a keyword are only ever text.
    public static func matchExpression(_ keyword: String) -> String? {
        var terms: [String] = []
        for word in words(in: keyword) {
            if word.isCJK {
                if word.characters.count == 1 {
                    terms.append(quoted(String(word.characters)) + "*")
                } else {
                    let bigrams = bigramTokens(word.characters).dropLast()
                    terms.append(quoted(bigrams.joined(separator: " ")))
                }
            } else if word.text.unicodeScalars.contains(where: isWordScalar) {
                terms.append(quoted(word.text))
            }
        }
        return terms.isEmpty ? nil : terms.joined(separator: " AND ")
    }

    /// A piece of text: a run of CJK characters, or a run of anything else without spaces.
    struct Word {
        var characters: [Character]
        var isCJK: Bool
        var text: String { String(characters) }
    }

    /// Splits text into CJK runs and other space-separated words.
    static func words(in text: String) -> [Word] {
        var result: [Word] = []
        var current: [Character] = []
        var currentIsCJK = false
        func flush() {
            if !current.isEmpty { result.append(Word(characters: current, isCJK: currentIsCJK)) }
            current = []
        }
        for character in text {
            if character.isWhitespace {
                flush()
                continue
            }
            let cjk = isCJK(character)
            if !current.isEmpty, cjk != currentIsCJK { flush() }
            currentIsCJK = cjk
            current.append(character)
        }
        flush()
        return result
    }

    /// Bigrams of a CJK run, then its last character (a single character stays itself).
    static func bigramTokens(_ characters: [Character]) -> [String] {
        guard characters.count > 1 else { return characters.map { String($0) } }
        var tokens: [String] = []
        for index in 0..<(characters.count - 1) {
            tokens.append(String(characters[index]) + String(characters[index + 1]))
        }
        tokens.append(String(characters[characters.count - 1]))
        return tokens
    }

    /// A FTS5 string: in double quotes, with inner double quotes doubled.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether a character belongs to a CJK script (Han, kana, Hangul) that has no spaces.
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3040...0x30FF,  // Hiragana, Katakana
            0x3400...0x4DBF,  // CJK Extension A
            0x4E00...0x9FFF,  // CJK Unified Ideographs
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK Compatibility Ideographs
            0x20000...0x3134F:  // Extensions B–G
            return true
        default:
            return false
        }
    }

    /// Whether a scalar is a letter or digit, i.e. something `unicode61` makes a token of.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
