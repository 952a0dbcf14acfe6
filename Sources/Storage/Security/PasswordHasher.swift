internal import CSodium
import Dispatch
import Synchronization

/// Hashes and verifies passwords with argon2id (`crypto_pwhash_str`).
///
/// The stored string holds the algorithm, its cost and a random salt, so a hash made with
/// one cost still verifies after the cost changes (`needsRehash` says when to upgrade it).
/// Each hash or verify at the interactive cost takes about 64 MB and a tenth of a second, so
/// at most `maxConcurrent` run at once and the rest wait: a burst of sign-ins slows down
/// instead of exhausting memory. Share one hasher per process.
public final class PasswordHasher: Sendable {
    /// How much work one hash costs.
    public struct Cost: Sendable, Equatable {
        /// Passes over memory (`opslimit`).
        public var operations: Int
        /// Memory used, in bytes (`memlimit`).
        public var memoryBytes: Int

        /// libsodium's interactive limits (about 64 MB): right for sign-in on a server.
        public static var interactive: Cost {
            Cost(
                operations: crypto_pwhash_opslimit_interactive(),
                memoryBytes: crypto_pwhash_memlimit_interactive())
        }

        /// The smallest cost argon2id allows: fast, weak; only for tests and demo seeding.
        public static var minimum: Cost {
            Cost(
                operations: crypto_pwhash_opslimit_min(),
                memoryBytes: crypto_pwhash_memlimit_min())
        }

        /// A cost of exactly these limits.
        public init(operations: Int, memoryBytes: Int) {
            self.operations = operations
            self.memoryBytes = memoryBytes
        }
    }

    /// The cost new hashes are made with.
    public let cost: Cost
    private let gate: DispatchSemaphore
    /// A hash of a random password, made on first need, for `verifyNothing`.
    private let decoy = Mutex<String?>(nil)

    /// A hasher at `cost` letting `maxConcurrent` hashes run at once.
    public init(cost: Cost = .interactive, maxConcurrent: Int = 2) {
        self.cost = cost
        self.gate = DispatchSemaphore(value: max(1, maxConcurrent))
    }

    /// A new salted hash of `password`, as an ASCII string of at most 128 bytes to store.
    public func hash(_ password: String) throws(SecurityError) -> String {
        try Sodium.ensureReady()
        gate.wait()
        defer { gate.signal() }
        var output = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
        // The length is passed, so a NUL inside the password is hashed, not a terminator.
        let length = UInt64(password.utf8.count)
        let code = password.withCString { chars in
            crypto_pwhash_str(
                &output, chars, length, UInt64(cost.operations), cost.memoryBytes)
        }
        guard code == 0 else { throw .hashingFailed }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches a stored `hash`; a malformed hash simply does not match.
    public func verify(_ password: String, against hash: String) -> Bool {
        guard Sodium.isReady, let stored = Self.paddedHash(hash) else { return false }
        gate.wait()
        defer { gate.signal() }
        let length = UInt64(password.utf8.count)
        return password.withCString { chars in
            crypto_pwhash_str_verify(stored, chars, length) == 0
        }
    }

    /// Spends the time and memory of a failed `verify`, for sign-ins naming no such user.
    ///
    /// Answering "no such user" at once while a wrong password takes a tenth of a second
    /// would tell anyone which usernames exist; this makes the two indistinguishable.
    public func verifyNothing(_ password: String) {
        let stored = decoy.withLock { decoy in
            if decoy == nil {
                let randomPassword = (try? SecureRandom.bytes(16))?.map { String($0, radix: 16) }
                decoy = try? hash(randomPassword?.joined() ?? "")
            }
            return decoy ?? ""
        }
        _ = verify(password, against: stored)
    }

    /// Whether a stored hash was made with another cost or algorithm and should be replaced
    /// (after the next successful verify, when the password is at hand).
    public func needsRehash(_ hash: String) -> Bool {
        guard Sodium.isReady, let stored = Self.paddedHash(hash) else { return true }
        return crypto_pwhash_str_needs_rehash(
            stored, UInt64(cost.operations), cost.memoryBytes) != 0
    }

    /// The stored hash in a zeroed buffer of the full size libsodium reads, or `nil` when it
    /// cannot be a hash; libsodium takes a fixed-size array, not a string of any length.
    private static func paddedHash(_ hash: String) -> [CChar]? {
        let size = crypto_pwhash_strbytes()
        guard hash.utf8.count < size else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        for (offset, byte) in hash.utf8.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
        return buffer
    }
}
