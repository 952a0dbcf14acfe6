extension EventLog {
    /// The topic on which a revoked bearer token is announced, its digest in hex as the
    /// payload: every Kitchen process on the database then ends the streams opened with it.
    public static let revokedTokensTopic = "tokens:revoked"

    /// A token digest as an event payload: lowercase hex.
    public static func hex(digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest an event payload spells in hex; nil for anything else.
    public static func digest(fromHex hex: String) -> [UInt8]? {
        let bytes = Array(hex.utf8)
        guard !bytes.isEmpty, bytes.count % 2 == 0 else { return nil }
        func value(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(bytes.count / 2)
        for index in stride(from: 0, to: bytes.count, by: 2) {
            guard let high = value(bytes[index]), let low = value(bytes[index + 1]) else { return nil }
            digest.append(high << 4 | low)
        }
        return digest
    }
}
