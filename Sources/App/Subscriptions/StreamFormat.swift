import GraphQL
import HTTPServer

/// How a streaming HTTP transport writes a response body that is sent over time: the
/// server-sent events of `EventStream`, or the parts of `MultipartSubscription`.
struct StreamFormat: Sendable {
    /// The response's `Content-Type`.
    let contentType: String
    /// The transport a request for this format is, by its method.
    let transportForPOST: Transport
    let transportForGET: Transport
    /// What starts every body (a multipart body's first delimiter).
    let begin: [UInt8]
    /// Sent after `begin` as soon as a stream opens (a multipart heartbeat).
    let opening: [UInt8]
    /// One result (an event's, or a query's).
    let next: @Sendable (ExecutionResult) -> [UInt8]
    /// Keeps an idle stream open through intermediaries.
    let keepAlive: [UInt8]
    /// The end of a stream that ran its course (after a query's one result).
    let complete: [UInt8]
    /// The end of a stream the server cuts short, saying why where the format can.
    let end: @Sendable (StreamEnd) -> [UInt8]

    /// The whole body of a stream of one result (a query's or a mutation's).
    func single(_ result: ExecutionResult) -> [UInt8] { begin + next(result) + complete }

    /// The transport of a request with this method.
    func transport(method: String) -> Transport {
        method == "GET" ? transportForGET : transportForPOST
    }

    /// The header fields of a streamed response.
    var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "X-Accel-Buffering", value: "no")
        return headers
    }
}

/// A subscription's stream as an HTTP response body written over time.
final class HTTPStreamSink: SubscriptionSink {
    let stream: HTTPStream
    let format: StreamFormat

    init(stream: HTTPStream, format: StreamFormat) {
        self.stream = stream
        self.format = format
    }

    func send(_ result: ExecutionResult) { stream.send(format.next(result)) }

    func sendKeepAlive() { stream.send(format.keepAlive) }

    func end(_ reason: StreamEnd) {
        stream.send(format.end(reason))
        stream.finish()
    }

    func onClose(_ handler: @escaping @Sendable () -> Void) { stream.onClose(handler) }

    var isClosed: Bool { stream.isClosed }
}
