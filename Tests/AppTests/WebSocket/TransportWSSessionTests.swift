import GraphQL
import HTTPServer
import Testing

@testable import App

/// The `graphql-transport-ws` protocol's rules, input by input, without a socket.
@Suite("graphql-transport-ws session")
struct TransportWSSessionTests {
    typealias Output = TransportWSSession.Output

    static func text(_ json: String) -> WebSocketMessage { .text(Array(json.utf8)) }

    /// A compact spelling of outputs, for comparing.
    static func describe(_ outputs: [Output]) -> [String] {
        outputs.map { output in
            switch output {
            case .send(let message): "send " + String(decoding: message.bytes, as: UTF8.self)
            case .close(let code, let reason): "close \(code) \(reason)"
            case .authenticate(let authorization): "authenticate \(authorization ?? "anonymous")"
            case .start(let id, let request): "start \(id) \(request.query ?? "-")"
            case .cancel(let id): "cancel \(id)"
            }
        }
    }

    /// A session that has been acknowledged.
    static func ready() -> TransportWSSession {
        var session = TransportWSSession()
        _ = session.receive(text(#"{"type":"connection_init"}"#))
        _ = session.authenticated()
        return session
    }

    static func step(_ session: inout TransportWSSession, _ json: String) -> [String] {
        describe(session.receive(text(json)))
    }

    @Test("connection_init names the viewer, then connection_ack lets operations run")
    func initThenAck() {
        var session = TransportWSSession()
        #expect(Self.step(&session, #"{"type":"connection_init","payload":{"Authorization":"Bearer t1"}}"#) == ["authenticate Bearer t1"])
        #expect(session.phase == .initialising)
        #expect(Self.describe(session.authenticated()) == [#"send {"type":"connection_ack"}"#])
        #expect(Self.step(&session, #"{"id":"1","type":"subscribe","payload":{"query":"{ a }"}}"#) == ["start 1 { a }"])
    }

    @Test("the token is read from every spelling clients use", arguments: [
        (#"{"Authorization":"Bearer a"}"#, "Bearer a"),
        (#"{"authorization":"Bearer b"}"#, "Bearer b"),
        (#"{"headers":{"Authorization":"Bearer c"}}"#, "Bearer c"),
        (#"{"token":"d"}"#, "Bearer d"),
        (#"{"authToken":"Bearer e"}"#, "Bearer e"),
        (#"{}"#, "anonymous"),
        (#"null"#, "anonymous"),
    ])
    func tokenSpellings(_ payload: String, _ expected: String) {
        var session = TransportWSSession()
        #expect(Self.step(&session, #"{"type":"connection_init","payload":\#(payload)}"#) == ["authenticate \(expected)"])
    }

    @Test("subscribe before the acknowledgement closes with 4401, even while the viewer is being named")
    func subscribeBeforeAck() {
        var fresh = TransportWSSession()
        #expect(Self.step(&fresh, #"{"id":"1","type":"subscribe","payload":{"query":"{ a }"}}"#) == ["close 4401 Unauthorized"])
        var initialising = TransportWSSession()
        _ = Self.step(&initialising, #"{"type":"connection_init"}"#)
        #expect(Self.step(&initialising, #"{"id":"1","type":"subscribe","payload":{"query":"{ a }"}}"#) == ["close 4401 Unauthorized"])
        #expect(initialising.phase == .closed)
        #expect(initialising.authenticated().isEmpty)
    }

    @Test("a second connection_init closes with 4429")
    func secondInit() {
        var session = Self.ready()
        #expect(Self.step(&session, #"{"type":"connection_init"}"#) == ["close 4429 Too many initialisation requests"])
    }

    @Test("no connection_init in time closes with 4408; one in time is not closed")
    func initTimeout() {
        var late = TransportWSSession()
        #expect(Self.describe(late.initDeadlinePassed()) == ["close 4408 Connection initialisation timeout"])
        var onTime = TransportWSSession()
        _ = Self.step(&onTime, #"{"type":"connection_init"}"#)
        #expect(onTime.initDeadlinePassed().isEmpty)
    }

    @Test("an id in use closes with 4409, cancelling what runs; a finished id may be used again")
    func duplicateIDs() {
        var session = Self.ready()
        _ = Self.step(&session, #"{"id":"a","type":"subscribe","payload":{"query":"{ a }"}}"#)
        let finished = session.finished("a")
        #expect(finished)
        #expect(Self.step(&session, #"{"id":"a","type":"subscribe","payload":{"query":"{ b }"}}"#) == ["start a { b }"])
        _ = Self.step(&session, #"{"id":"z","type":"subscribe","payload":{"query":"{ z }"}}"#)
        #expect(
            Self.step(&session, #"{"id":"a","type":"subscribe","payload":{"query":"{ c }"}}"#)
                == ["cancel a", "cancel z", "close 4409 Subscriber for a already exists"])
    }

    @Test("complete cancels an active operation; for an unknown or finished id it is ignored")
    func complete() {
        var session = Self.ready()
        _ = Self.step(&session, #"{"id":"s","type":"subscribe","payload":{"query":"subscription { x }"}}"#)
        #expect(Self.step(&session, #"{"id":"s","type":"complete"}"#) == ["cancel s"])
        #expect(Self.step(&session, #"{"id":"s","type":"complete"}"#).isEmpty)
        #expect(Self.step(&session, #"{"id":"never","type":"complete"}"#).isEmpty)
        let stillActive = session.finished("s")
        #expect(!stillActive, "a result finishing after the client's complete is not sent")
    }

    @Test("ping is answered with pong, echoing its payload, before and after the acknowledgement; pong is ignored")
    func pingPong() {
        var fresh = TransportWSSession()
        #expect(Self.step(&fresh, #"{"type":"ping"}"#) == [#"send {"type":"pong"}"#])
        var session = Self.ready()
        #expect(Self.step(&session, #"{"type":"ping","payload":{"n":1}}"#) == [#"send {"type":"pong","payload":{"n":1}}"#])
        #expect(Self.step(&session, #"{"type":"pong"}"#).isEmpty)
    }

    @Test("a message of no known type or form closes with 4400", arguments: [
        "not json", "[1]", #"{"id":"1"}"#, #"{"type":7}"#, #"{"type":"start","id":"1"}"#,
        #"{"type":"next","id":"1","payload":{}}"#, #"{"type":"connection_ack"}"#,
        #"{"type":"subscribe","payload":{"query":"{ a }"}}"#, #"{"type":"subscribe","id":"","payload":{"query":"{ a }"}}"#,
        #"{"type":"subscribe","id":"1"}"#, #"{"type":"subscribe","id":"1","payload":{"query":1}}"#,
        #"{"type":"subscribe","id":"1","payload":{"query":"{ a }","variables":[]}}"#,
        #"{"type":"complete"}"#, #"{"type":"ping","payload":"x"}"#,
    ])
    func invalidMessages(_ json: String) {
        var session = Self.ready()
        let outputs = Self.step(&session, json)
        #expect(outputs.count == 1 && outputs[0].hasPrefix("close 4400 Invalid message received"), "\(outputs)")
        #expect(session.phase == .closed)
        #expect(Self.step(&session, #"{"type":"ping"}"#).isEmpty, "nothing is done after the close")
    }

    @Test("a connection_init whose token is not a string closes with 4400")
    func tokenNotAString() {
        var session = TransportWSSession()
        let outputs = Self.step(&session, #"{"type":"connection_init","payload":{"Authorization":42}}"#)
        #expect(outputs.count == 1 && outputs[0].hasPrefix("close 4400 Invalid message received"), "\(outputs)")
    }

    @Test("a binary message closes with 1003")
    func binary() {
        var session = Self.ready()
        #expect(Self.describe(session.receive(.binary([1]))) == ["close 1003 graphql-transport-ws messages are text"])
    }

    @Test("when the socket goes, every active operation is cancelled")
    func socketClosed() {
        var session = Self.ready()
        _ = Self.step(&session, #"{"id":"1","type":"subscribe","payload":{"query":"{ a }"}}"#)
        _ = Self.step(&session, #"{"id":"2","type":"subscribe","payload":{"query":"{ b }"}}"#)
        #expect(Self.describe(session.socketClosed()) == ["cancel 1", "cancel 2"])
        #expect(session.active.isEmpty)
    }

    @Test("server messages are written as the protocol spells them")
    func serverMessages() {
        func text(_ message: TransportWS.ServerMessage) -> String { String(decoding: message.bytes, as: UTF8.self) }
        #expect(text(.complete(id: "q\"1")) == #"{"id":"q\"1","type":"complete"}"#)
        #expect(
            text(.error(id: "1", [GraphQLError("No.", code: .badRequest)]))
                == #"{"id":"1","type":"error","payload":[{"message":"No.","extensions":{"code":"BAD_REQUEST"}}]}"#)
        #expect(text(.next(id: "1", ExecutionResult(errors: [GraphQLError("x")]))) == #"{"id":"1","type":"next","payload":{"errors":[{"message":"x"}]}}"#)
    }
}
