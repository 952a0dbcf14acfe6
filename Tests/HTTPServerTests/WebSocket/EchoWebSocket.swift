import Foundation
import HTTPServer
import Synchronization

/// What the test handlers saw, one line per event, for tests to wait on.
final class EventLog: Sendable {
    private let entries = Mutex<[String]>([])

    func add(_ line: String) { entries.withLock { $0.append(line) } }

    var lines: [String] { entries.withLock { $0 } }

    /// Waits (polling) until a line starts with `prefix`, for at most `seconds`.
    func waitFor(seconds: Double = 10, startingWith prefix: String) -> Bool {
        waitFor(seconds: seconds) { $0.contains { $0.hasPrefix(prefix) } }
    }

    /// Waits (polling) until `condition` holds for the lines, for at most `seconds`.
    func waitFor(seconds: Double = 10, _ condition: ([String]) -> Bool) -> Bool {
        poll(seconds: seconds) { condition(self.lines) }
    }
}

/// Polls `condition` every 5 ms until it holds or `seconds` pass.
func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// Echoes text messages, logs binary ones and closes, and obeys two commands:
/// `close CODE REASON` closes; `flood COUNT SIZE` sends COUNT messages of SIZE bytes, and
/// logs how many it sent before one was refused.
final class EchoWebSocket: WebSocketHandler {
    let connection: WebSocketConnection
    let log: EventLog

    init(connection: WebSocketConnection, log: EventLog) {
        self.connection = connection
        self.log = log
    }

    func received(_ message: WebSocketMessage) {
        switch message {
        case .binary(let bytes):
            log.add("binary \(bytes.count)")
        case .text(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            let words = text.split(separator: " ", maxSplits: 2).map(String.init)
            if words.first == "close", words.count >= 2, let code = UInt16(words[1]) {
                connection.close(code: WebSocketCloseCode(rawValue: code), reason: words.count > 2 ? words[2] : "")
            } else if words.first == "flood", words.count == 3, let count = Int(words[1]), let size = Int(words[2]) {
                let connection = self.connection, log = self.log
                Thread {
                    let message = String(repeating: "x", count: size)
                    for index in 0..<count where !connection.send(text: message) {
                        log.add("flood refused after \(index) sent")
                        return
                    }
                    log.add("flood sent all")
                }.start()
            } else {
                connection.send(utf8: bytes)
            }
        }
    }

    func closed(code: WebSocketCloseCode, reason: String) {
        log.add(reason.isEmpty ? "closed \(code)" : "closed \(code) \(reason)")
    }
}

/// Serves `/plain` as plain text and everything else as an echoing WebSocket that picks
/// the first subprotocol offered.
@Sendable func echoWebSocket(_ request: HTTPRequest, log: EventLog) -> HTTPResponse {
    guard WebSocketHandshake.isRequested(request) else { return HTTPResponse(status: 200, text: "plain") }
    return WebSocketHandshake.accept(request, subprotocol: WebSocketHandshake.offeredSubprotocols(request).first) {
        EchoWebSocket(connection: $0, log: log)
    }
}

/// A test server whose handler is `echoWebSocket`.
func withEchoServer<T>(
    configure: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (HTTPServer, UInt16, EventLog) throws -> T
) throws -> T {
    let log = EventLog()
    return try withTestServer(configure: configure, handler: { echoWebSocket($0, log: log) }) { server, port in
        try body(server, port, log)
    }
}
