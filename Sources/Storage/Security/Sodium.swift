internal import CSodium

/// libsodium's one-time set-up, done before any other call into it.
enum Sodium {
    /// Whether `sodium_init` succeeded; evaluated once, thread-safely, on first use.
    ///
    /// `sodium_init` is itself safe to call from several threads; the lazy global makes the
    /// check free after the first time.
    static let isReady: Bool = sodium_init() >= 0

    /// Makes sure libsodium is initialised; without it there is no safe randomness.
    static func ensureReady() throws(SecurityError) {
        guard isReady else { throw .libraryUnavailable }
    }
}

/// A failure of the cryptography layer.
public enum SecurityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libsodium could not initialise (no entropy source).
    case libraryUnavailable
    /// Hashing a password failed, almost always for lack of memory.
    case hashingFailed
    /// A key of the wrong length was given.
    case invalidKeyLength(expected: Int, got: Int)

    /// A one-line account of the failure, for logs and the operator.
    public var description: String {
        switch self {
        case .libraryUnavailable: "libsodium could not be initialised"
        case .hashingFailed: "password hashing failed (out of memory?)"
        case .invalidKeyLength(let expected, let got):
            "a key must be \(expected) bytes, not \(got)"
        }
    }
}
