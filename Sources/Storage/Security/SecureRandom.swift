internal import CSodium

/// Cryptographically secure random bytes, from libsodium.
public enum SecureRandom {
    /// `count` random bytes, suitable for keys and tokens.
    public static func bytes(_ count: Int) throws(SecurityError) -> [UInt8] {
        try Sodium.ensureReady()
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { randombytes_buf(base, buffer.count) }
        }
        return bytes
    }

    /// Whether two byte strings are equal, in time that depends only on their length.
    ///
    /// For comparing secrets (digests, keys): an early exit would tell an attacker how many
    /// leading bytes they guessed right.
    public static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { left in
            b.withUnsafeBytes { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
                    return true  // both empty
                }
                return sodium_memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }
}
