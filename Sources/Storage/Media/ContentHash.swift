internal import CSodium

/// The SHA-256 of some bytes, as 64 lowercase hex digits: the name an upload is stored
/// under, so the same picture uploaded twice is stored once.
public enum ContentHash {
    /// The hex SHA-256 digest of `bytes` (libsodium's `crypto_hash_sha256`).
    public static func sha256(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        _ = Sodium.isReady
        bytes.withUnsafeBufferPointer { input in
            _ = crypto_hash_sha256(&digest, input.baseAddress, UInt64(input.count))
        }
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Whether `text` has the shape of a hash: 64 lowercase hex digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
