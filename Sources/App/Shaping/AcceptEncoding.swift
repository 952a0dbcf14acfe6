/// What a request's `Accept-Encoding` says about gzip (RFC 9110 §12.5.3).
///
/// A list of codings with optional weights: `gzip, deflate, br`, `gzip;q=0`, `*;q=0.5`,
/// `identity`. `x-gzip` is gzip (§8.4.1.3); `*` stands for every coding not named.
enum AcceptEncoding {
    /// Whether a response may be sent gzip-compressed to a client that sent `header`, and
    /// gzip is at least as welcome as no coding at all.
    ///
    /// Without the header, nothing is compressed: RFC 9110 lets a server then use any
    /// coding, but a client that says nothing may be one that cannot decode any. An explicit
    /// `identity` weighted above gzip keeps the body as it is; when gzip is refused the body
    /// goes out without a coding even if `identity;q=0` refuses that too (§12.5.3 lets a
    /// server disregard the header rather than answer 406).
    static func prefersGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        if let unweighted = unweightedPrefersGzip(header) { return unweighted }
        var gzip: Double?
        var identity: Double?
        var others: Double?
        for element in header.split(separator: ",") {
            let parts = element.split(separator: ";")
            guard let coding = parts.first?.spaceTrimmed.lowercased(), !coding.isEmpty else { continue }
            let quality = parts.dropFirst().lazy.compactMap(weight).first ?? 1
            switch coding {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, quality)
            case "identity": identity = max(identity ?? 0, quality)
            case "*": others = max(others ?? 0, quality)
            default: break
            }
        }
        let gzipWeight = gzip ?? others ?? 0
        return gzipWeight > 0 && gzipWeight >= (identity ?? 0)
    }

    /// The answer for a header with no parameters (no `;`), as nearly every client sends
    /// (`gzip, deflate, br`), read in place: every coding it names then weighs 1, so gzip is
    /// preferred when it, or `*`, is named. Nil when the header has parameters.
    private static func unweightedPrefersGzip(_ header: String) -> Bool? {
        var header = header
        return header.withUTF8 { bytes -> Bool? in
            guard !bytes.contains(UInt8(ascii: ";")) else { return nil }
            var named = false
            for coding in bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
                var coding = coding[...]
                while let first = coding.first, first == 0x20 || first == 0x09 { coding = coding.dropFirst() }
                while let last = coding.last, last == 0x20 || last == 0x09 { coding = coding.dropLast() }
                if coding.elementsEqual("*".utf8) { named = true }
                if coding.count == 6, coding.first.map({ $0 | 0x20 }) == UInt8(ascii: "x") {
                    coding = coding.dropFirst()
                    guard coding.first == UInt8(ascii: "-") else { continue }
                    coding = coding.dropFirst()
                }
                if coding.count == 4, zip(coding, "gzip".utf8).allSatisfy({ $0 | 0x20 == $1 }) { return true }
            }
            return named
        }
    }

    /// The weight of a `q=…` parameter (0 when it is not a number from 0 to 1), or nil for
    /// another parameter.
    private static func weight(_ parameter: Substring) -> Double? {
        let pair = parameter.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, pair[0].spaceTrimmed.lowercased() == "q" else { return nil }
        guard let value = Double(pair[1].spaceTrimmed), (0...1).contains(value) else { return 0 }
        return value
    }
}
