import Storage

extension SubscriptionHub {
    /// Ends every stream opened with the token whose digest `hex` names (the payload of a
    /// `EventLog.revokedTokensTopic` event), and remembers the digest so that a stream
    /// being opened with it at this moment is refused (`add`).
    func endStreams(ofRevoked hex: String) {
        guard let digest = EventLog.digest(fromHex: hex) else { return }
        let ended: [Subscriber] = state.withLock { state in
            state.revoked.insert(digest)
            return state.byTopic.values.flatMap(\.values).filter { $0.tokenDigest == digest }
        }
        for subscriber in ended { subscriber.sink.end(.revoked) }
    }
}

/// The token digests revoked lately, for refusing a stream whose token was revoked between
/// its check and its registration: bounded, the oldest forgotten first.
struct RecentlyRevoked: Sendable {
    /// The most digests kept; a stream is opened within moments of its token's check, so
    /// only the latest revocations matter.
    static let capacity = 4096
    private var digests: Set<[UInt8]> = []
    private var order: [[UInt8]] = []

    func contains(_ digest: [UInt8]) -> Bool { digests.contains(digest) }

    mutating func insert(_ digest: [UInt8]) {
        guard digests.insert(digest).inserted else { return }
        order.append(digest)
        if order.count > Self.capacity {
            digests.remove(order.removeFirst())
        }
    }
}
