import GraphQL

/// The messages of the `graphql-transport-ws` protocol (graphql-ws's PROTOCOL.md): what a
/// client may send, read strictly, and what the server sends, written as JSON text.
enum TransportWS {
    /// The subprotocol name a client offers in `Sec-WebSocket-Protocol`.
    static let subprotocol = "graphql-transport-ws"

    /// A message a client may send.
    enum ClientMessage: Sendable {
        /// `connection_init`, with its payload (nil when absent or null).
        case connectionInit(ObjectValue?)
        /// `ping`, whose payload the `pong` echoes.
        case ping(ObjectValue?)
        /// `pong`: an answer, or an unsolicited heartbeat; nothing to do.
        case pong
        /// `subscribe`: an operation to run under `id`.
        case subscribe(id: String, request: GraphQLRequest)
        /// `complete`: the client stops listening to `id`.
        case complete(id: String)
    }

    /// Why a text was not a valid client message: the socket closes with 4400 and this.
    struct InvalidMessage: Error, Equatable, Sendable {
        let reason: String
    }

    /// Reads one client message from a text message's bytes.
    static func decode(_ bytes: [UInt8]) throws(InvalidMessage) -> ClientMessage {
        let object: ObjectValue
        do {
            guard case .object(let read) = try JSONReader.parse(bytes) else {
                throw InvalidMessage(reason: "Invalid message received: a message is a JSON object")
            }
            object = read
        } catch let error as InvalidMessage {
            throw error
        } catch {
            throw InvalidMessage(reason: "Invalid message received: not JSON")
        }
        guard case .string(let type)? = object["type"] else {
            throw InvalidMessage(reason: "Invalid message received: \"type\" must be a string")
        }
        switch type {
        case "connection_init": return .connectionInit(try payloadObject(object, type))
        case "ping": return .ping(try payloadObject(object, type))
        case "pong":
            _ = try payloadObject(object, type)
            return .pong
        case "subscribe":
            let id = try identifier(object, type)
            guard case .object(let payload)? = object["payload"] else {
                throw InvalidMessage(reason: "Invalid message received: \"subscribe\" needs an object \"payload\"")
            }
            do {
                return .subscribe(id: id, request: try GraphQLRequest(json: .object(payload)))
            } catch {
                throw InvalidMessage(reason: "Invalid message received: \(error.message)")
            }
        case "complete": return .complete(id: try identifier(object, type))
        default:
            throw InvalidMessage(reason: "Invalid message received: a client does not send \"\(type.prefix(40))\"")
        }
    }

    private static func payloadObject(_ message: ObjectValue, _ type: String) throws(InvalidMessage) -> ObjectValue? {
        switch message["payload"] {
        case nil, .null?: return nil
        case .object(let payload)?: return payload
        default: throw InvalidMessage(reason: "Invalid message received: the payload of \"\(type)\" must be an object")
        }
    }

    private static func identifier(_ message: ObjectValue, _ type: String) throws(InvalidMessage) -> String {
        guard case .string(let id)? = message["id"], !id.isEmpty else {
            throw InvalidMessage(reason: "Invalid message received: \"\(type)\" needs a non-empty string \"id\"")
        }
        return id
    }
}

extension TransportWS {
    /// A message the server sends.
    enum ServerMessage: Sendable {
        case connectionAck
        /// The answer to a `ping`, echoing its payload.
        case pong(ObjectValue?)
        /// One result of the operation `id`.
        case next(id: String, ExecutionResult)
        /// The operation `id` failed before (or instead of) a result; it is over.
        case error(id: String, [GraphQLError])
        /// The operation `id` has no more results.
        case complete(id: String)

        /// The message as JSON text.
        var bytes: [UInt8] {
            var writer = JSONWriter(capacity: 256)
            writer.beginObject()
            switch self {
            case .connectionAck:
                writer.writeRaw("\"type\":\"connection_ack\"")
            case .pong(let payload):
                writer.writeRaw("\"type\":\"pong\"")
                if let payload {
                    writer.writeRaw(",\"payload\":")
                    writer.writeValue(.object(payload))
                }
            case .next(let id, let result):
                Self.writeHead(&writer, id: id, type: "next")
                writer.writeRaw(",\"payload\":")
                result.write(to: &writer)
            case .error(let id, let errors):
                Self.writeHead(&writer, id: id, type: "error")
                writer.writeRaw(",\"payload\":")
                writer.beginArray()
                for (index, error) in errors.enumerated() {
                    if index > 0 { writer.comma() }
                    error.write(to: &writer)
                }
                writer.endArray()
            case .complete(let id):
                Self.writeHead(&writer, id: id, type: "complete")
            }
            writer.endObject()
            return writer.bytes
        }

        private static func writeHead(_ writer: inout JSONWriter, id: String, type: StaticString) {
            writer.writeRaw("\"id\":")
            writer.writeString(id)
            writer.writeRaw(",\"type\":\"")
            writer.writeRaw(type)
            writer.writeByte(UInt8(ascii: "\""))
        }
    }
}
