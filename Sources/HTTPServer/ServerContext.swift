import Dispatch
import Foundation

/// What the C callbacks share for one running daemon: the handler, the limits, and
/// the count of requests in flight that `stop()` waits for.
///
/// Passed to libmicrohttpd as an unmanaged pointer that the server retains from
/// start until `MHD_stop_daemon` returns.
final class ServerContext: Sendable {
    let handler: any HTTPHandler
    let maxBodySize: Int
    let maxMultipartBodySize: Int
    /// Streamed responses not yet freed.
    let openStreams = OpenStreams()
    /// Watches the sockets of suspended streams for their clients' hang-ups.
    let hangups = HangupWatcher()
    /// Pending responses not yet answered (their connections suspended, or, while the
    /// server stops, their pool threads waiting).
    let waitingResponses = WaitingResponses()
    /// Entered when a request line arrives, left when libmicrohttpd reports the request
    /// complete (response sent, or connection closed).
    let requestsInFlight = DispatchGroup()
    /// Per-connection deadlines for delivering a request; nil when the timeout is off.
    let deadlines: ConnectionDeadlines?
    /// The connections each pool thread holds, for placing new ones.
    let spread: ConnectionSpread
    /// The thread serving every upgraded (WebSocket) connection.
    let webSockets: WebSocketLoop

    init(handler: any HTTPHandler, configuration: ServerConfiguration) {
        self.handler = handler
        self.maxBodySize = configuration.maxBodySize
        self.deadlines = configuration.connectionTimeout > .zero
            ? ConnectionDeadlines(limit: configuration.connectionTimeout) : nil
        self.maxMultipartBodySize = configuration.maxMultipartBodySize
        self.spread = ConnectionSpread(threads: configuration.threadCount)
        self.webSockets = WebSocketLoop(limits: configuration.webSocket)
    }

    /// The body limit for a request of this content type: multipart bodies carry file
    /// uploads and get their own, larger, limit.
    func bodyLimit(contentType: String?) -> Int {
        guard let contentType, HTTPHeaders.isMultipartFormData(contentType) else { return maxBodySize }
        return maxMultipartBodySize
    }
}

/// One request's state between libmicrohttpd's callbacks, which all run on the
/// connection's own pool thread, one at a time.
final class RequestState {
    /// The request target as sent, from the URI logger.
    let target: String
    var headers = HTTPHeaders()
    var body: [UInt8] = []
    /// The body limit for this request's content type, known once headers are in.
    var bodyLimit = 0
    /// A chunked body passed `bodyLimit`: the rest is dropped and the answer is 413.
    var bodyOverLimit = false
    /// False until the access handler's first call (headers parsed, no body yet).
    var headersSeen = false
    /// The handler's answer, to be completed later; until then the connection is suspended
    /// (or, while the server stops, its pool thread waits).
    var pending: PendingResponse?
    /// The handshake's answer asked for a WebSocket: how to make its handler, kept here
    /// for `upgradeHandler`.
    var upgrade: WebSocketUpgrade?

    init(target: String) {
        self.target = target
    }
}
