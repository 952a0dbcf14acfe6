import Foundation
import KitchenTestSupport

/// GraphQL over WebSocket (`graphql-transport-ws`): a socket per operation, signed in by
/// `connection_init`, the operation sent as a `subscribe` message; its first `next` or
/// `error` is the verdict.
///
/// A subscription that opens sends nothing until an event, so a second operation follows
/// it on the same socket: a socket's operations are judged in order, so an answer to the
/// second before any to the first means the stream opened.
struct WebSocketMatrixTransport: MatrixTransport {
    let name = "WebSocket"
    let isSafe = false
    let streams = true

    func send(_ operation: MatrixOperation, port: UInt16) throws -> Verdict {
        let socket = try GraphQLSocket(port: port, token: operation.token)
        try socket.subscribe(id: "1", operation.parameters)
        if operation.isSubscription { try socket.subscribe(id: "2", ["query": "{ __typename }"]) }
        while true {
            let message = try socket.next()
            switch (message["id"].string, message["type"].string) {
            case ("1", "next"): return Verdict(response: message["payload"])
            case ("1", "error"): return Verdict(response: .object(["errors": message["payload"]]))
            case ("2", _): return .streamOpened
            default: continue
            }
        }
    }
}

/// A `graphql-transport-ws` client over the raw test socket: handshake, `connection_init`
/// (with `Authorization: Bearer <token>` in its payload), `connection_ack`, then messages.
final class GraphQLSocket {
    let client: WebSocketTestClient

    /// Why the server closed the socket, when it did.
    struct Closed: Error, CustomStringConvertible {
        let code: UInt16?
        let reason: String
        var description: String { "closed \(code.map(String.init) ?? "-") \(reason)" }
    }

    /// Connects, signs in with `token` (anonymous when nil, or with `payload` as given),
    /// and waits for the acknowledgement.
    init(port: UInt16, token: String? = nil, payload: JSON? = nil, timeoutMilliseconds: Int = 30_000) throws {
        client = try WebSocketTestClient(
            port: port, path: "/graphql", subprotocols: ["graphql-transport-ws"], timeoutMilliseconds: timeoutMilliseconds)
        let initPayload = payload ?? .object(token.map { ["Authorization": .string("Bearer \($0)")] } ?? [:])
        try send(.object(["type": "connection_init", "payload": initPayload]))
        let ack = try next()
        guard ack["type"].string == "connection_ack" else { throw Closed(code: nil, reason: "no ack: \(ack.text)") }
    }

    func send(_ message: JSON) throws { try client.send(text: message.text) }

    /// Sends `subscribe` with `payload` (the GraphQL request parameters).
    func subscribe(id: String, _ payload: JSON) throws {
        try send(.object(["id": .string(id), "type": "subscribe", "payload": payload]))
    }

    /// The next message (Pings answered, Pongs skipped); throws `Closed` on a Close frame.
    func next() throws -> JSON {
        while true {
            let frame = try client.readFrame()
            switch frame.opcode {
            case WebSocketTestClient.ping: try client.send(opcode: WebSocketTestClient.pong, payload: frame.payload)
            case WebSocketTestClient.pong: continue
            case WebSocketTestClient.close: throw Closed(code: frame.closeCode, reason: frame.closeReason)
            default: return JSON(data: Data(frame.payload))
            }
        }
    }

    /// Reads until the server closes; the close frame's code and reason.
    func closed() throws -> Closed {
        do {
            while true { _ = try next() }
        } catch let closed as Closed {
            return closed
        }
    }
}
