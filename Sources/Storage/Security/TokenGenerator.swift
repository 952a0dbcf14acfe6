internal import CSodium

/// Makes bearer tokens and the digests stored in their place.
///
/// A token is 32 random bytes, given to the client once as URL-safe base64 (43 characters).
/// The database keeps only `digest(token)`, a BLAKE2b hash keyed with a server secret
/// (`crypto_generichash`). A token has 256 random bits, so its digest can be neither reversed
/// nor guessed: whoever reads the sessions table (a backup, a log, a leaked file) cannot sign
/// in with it. The key adds that a digest seen without the key cannot even be checked against
/// a token. The digest is deterministic, so a request's token is found with an indexed
/// equality lookup, and no comparison of secrets happens in Swift.
public struct TokenGenerator: Sendable {
    /// The length of the digest key and of each digest, in bytes.
    public static let keyLength = 32
    /// The random bytes in a token.
    public static let tokenByteCount = 32

    private let key: [UInt8]

    /// A generator keyed with `key` (32 bytes; `Database.secret(named:)` keeps one).
    public init(key: [UInt8]) throws(SecurityError) {
        try Sodium.ensureReady()
        guard key.count == Self.keyLength else {
            throw .invalidKeyLength(expected: Self.keyLength, got: key.count)
        }
        self.key = key
    }

    /// A fresh random token, URL-safe base64 without padding.
    public func makeToken() throws(SecurityError) -> String {
        let bytes = try SecureRandom.bytes(Self.tokenByteCount)
        let length = sodium_base64_encoded_len(
            bytes.count, sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        var text = [CChar](repeating: 0, count: length)
        _ = sodium_bin2base64(
            &text, length, bytes, bytes.count, sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The keyed digest of a token, 32 bytes, to store and to look tokens up by.
    ///
    /// Any string has a digest, so a malformed token simply finds no session.
    public func digest(_ token: String) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Self.keyLength)
        var input = Array(token.utf8)
        if input.isEmpty { input = [0] }  // a non-null pointer; no real token is empty
        _ = crypto_generichash(
            &output, output.count, input, UInt64(token.utf8.count), key, key.count)
        return output
    }
}
