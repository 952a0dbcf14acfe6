extension CORSPolicy {
    /// An `--cors-origin` value that is not an origin.
    struct OriginError: Error, Equatable, CustomStringConvertible {
        /// The value as given.
        let value: String
        /// What is wrong with it.
        let reason: String

        var description: String { "'\(value)' is not an origin: \(reason)" }
    }

    /// `text` as a browser serializes the origin in `Origin` (RFC 6454 §6.2): `http` or
    /// `https`, `://`, the host in lower case, and the port unless it is the scheme's
    /// default — so `HTTPS://App.Example.com:443` is `https://app.example.com`.
    ///
    /// A path (even `/`), a query, user information, `null` (the origin of sandboxed pages
    /// and local files, which anyone can send) or a host in Unicode (browsers send its
    /// punycode `xn--…` form) is refused: such a value would never equal an `Origin`, or
    /// would equal one it should not.
    static func serializedOrigin(_ text: String) throws(OriginError) -> String {
        func refuse(_ reason: String) -> OriginError { OriginError(value: text, reason: reason) }
        let lowered = text.lowercased()
        let defaultPort: String
        let scheme: String
        if lowered.hasPrefix("https://") {
            (scheme, defaultPort) = ("https", "443")
        } else if lowered.hasPrefix("http://") {
            (scheme, defaultPort) = ("http", "80")
        } else {
            throw refuse("it must start with http:// or https://")
        }
        let authority = lowered.dropFirst(scheme.count + 3)
        if authority.contains(where: { "/?#@".contains($0) }) {
            throw refuse("an origin is a scheme, a host and a port, with no path (not even /)")
        }
        let host: Substring
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw refuse("the IPv6 address has no ]") }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw refuse("only a port may follow the host") }
                port = rest.dropFirst()
            }
            guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw refuse("the IPv6 address has characters it cannot have")
            }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            port = parts.count == 2 ? parts[1] : nil
            guard host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "." }) else {
                throw refuse("the host may hold only letters, digits, - and . (give a Unicode name in its xn-- form)")
            }
        }
        if host.isEmpty || host == "[]" { throw refuse("it has no host") }
        guard let port else { return "\(scheme)://\(host)" }
        guard let number = Int(port), (1...65535).contains(number), port.allSatisfy(\.isASCII) else {
            throw refuse("the port must be a number from 1 to 65535")
        }
        return String(number) == defaultPort ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(number)"
    }
}
