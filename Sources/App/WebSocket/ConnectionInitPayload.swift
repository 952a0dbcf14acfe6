import GraphQL

extension TransportWS {
    /// The `Authorization` value a `connection_init` payload carries, as clients spell it:
    /// `{"Authorization": "Bearer …"}` (Apollo iOS and Kotlin, any case of the key),
    /// `{"headers": {"Authorization": …}}`, or a bare `{"token": "…"}` / `{"authToken": "…"}`;
    /// nil when it carries none (the socket is anonymous). Not a string is a bad message.
    static func authorization(in payload: ObjectValue?) throws(InvalidMessage) -> String? {
        guard let payload else { return nil }
        if let value = try stringField(payload, named: "authorization") { return value }
        if case .object(let headers)? = payload["headers"], let value = try stringField(headers, named: "authorization") {
            return value
        }
        for name in ["token", "authtoken"] {
            guard let token = try stringField(payload, named: name) else { continue }
            return token.lowercased().hasPrefix("bearer ") ? token : "Bearer \(token)"
        }
        return nil
    }

    /// The string value of the field whose name is `lowercasedName` in any case.
    private static func stringField(_ object: ObjectValue, named lowercasedName: String) throws(InvalidMessage) -> String? {
        guard let (key, value) = object.entries.first(where: { $0.key.lowercased() == lowercasedName }) else { return nil }
        switch value {
        case .string(let text): return text
        case .null: return nil
        default: throw InvalidMessage(reason: "Invalid message received: \"\(key)\" in the connection_init payload must be a string")
        }
    }
}
