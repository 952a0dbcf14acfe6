import Foundation
import KitchenTestSupport

/// One operation as a client would send it, whatever the transport.
struct MatrixOperation: Sendable {
    var query: String?
    var variables: [String: JSON] = [:]
    var extensions: [String: JSON]? = nil
    var documentId: String? = nil
    /// The bearer token; nil is anonymous.
    var token: String? = nil
    /// A subscription: the verdict of a stream that opens is `.streamOpened`.
    var isSubscription = false

    /// The GraphQL-over-HTTP request parameters as a JSON object.
    var parameters: JSON {
        var body: [String: JSON] = ["variables": .object(variables)]
        if let query { body["query"] = .string(query) }
        if let extensions { body["extensions"] = .object(extensions) }
        if let documentId { body["documentId"] = .string(documentId) }
        return .object(body)
    }

    /// The same parameters as a GET query string.
    var queryString: String {
        var items: [(String, String)] = [("variables", JSON.object(variables).text)]
        if let query { items.append(("query", query)) }
        if let extensions { items.append(("extensions", JSON.object(extensions).text)) }
        if let documentId { items.append(("documentId", documentId)) }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&")
    }

    var authorization: [String] { token.map { ["Authorization: Bearer \($0)"] } ?? [] }
}

/// What a client learns from one request: the first error's code and message, and the data.
struct Verdict: Equatable, Sendable, CustomStringConvertible {
    var code: String?
    var message: String?
    /// The `data` as canonical JSON text, when the response has a `data` key.
    var data: String?

    /// A subscription stream that opened.
    static let streamOpened = Verdict(code: nil, message: "stream opened", data: nil)

    /// The verdict a GraphQL response object gives.
    init(response: JSON) {
        let error = response["errors"][0]
        code = error["extensions"]["code"].string
        message = error["message"].string
        data = response["data"] == .missing ? nil : response["data"].text
    }

    /// A response that is not GraphQL at all (a plain-text 415, say).
    init(status: Int, text: String) {
        self.init(code: "HTTP \(status)", message: text, data: nil)
    }

    init(code: String?, message: String?, data: String?) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The verdict of a whole (non-streamed) HTTP response.
    init(status: Int, contentType: String?, body: String) {
        guard contentType?.contains("json") == true else {
            self.init(status: status, text: body)
            return
        }
        let json = JSON(data: Data(body.utf8))
        self.init(response: json.array.first ?? json)
    }

    var description: String { "code: \(code ?? "-"), message: \(message ?? "-"), data: \(data ?? "-")" }
}

/// A way of sending an operation to Kitchen, as a client does, and reading the verdict.
/// Each transport of the server is one; a new transport joins the matrix by adding one.
protocol MatrixTransport: Sendable {
    var name: String { get }
    /// Whether it sends GET requests, which must not run mutations.
    var isSafe: Bool { get }
    /// Whether it streams (and may run subscriptions).
    var streams: Bool { get }
    func send(_ operation: MatrixOperation, port: UInt16) throws -> Verdict
}

/// POST `application/json`; `contentType` other than JSON makes a "simple" cross-site request.
struct PostTransport: MatrixTransport {
    var name = "POST"
    var contentType = "application/json"
    let isSafe = false
    let streams = false

    func send(_ operation: MatrixOperation, port: UInt16) throws -> Verdict {
        let response = try TestClient(port: port, timeoutSeconds: 30).request(
            "POST", "/graphql",
            headers: ["Content-Type: \(contentType)", "Accept: application/graphql-response+json"] + operation.authorization,
            body: Array(operation.parameters.text.utf8))
        return Verdict(status: response.status, contentType: response.header("Content-Type"), body: response.text)
    }
}

/// GET with the parameters in the query string.
struct GetTransport: MatrixTransport {
    let name = "GET"
    let isSafe = true
    let streams = false

    func send(_ operation: MatrixOperation, port: UInt16) throws -> Verdict {
        let response = try TestClient(port: port, timeoutSeconds: 30).request(
            "GET", "/graphql?" + operation.queryString,
            headers: ["Accept: application/graphql-response+json"] + operation.authorization)
        return Verdict(status: response.status, contentType: response.header("Content-Type"), body: response.text)
    }
}

/// A GraphQL multipart request (no files), with Apollo's preflight header unless told not to.
struct MultipartUploadTransport: MatrixTransport {
    var name = "multipart upload"
    var preflightHeader = true
    let isSafe = false
    let streams = false

    func send(_ operation: MatrixOperation, port: UInt16) throws -> Verdict {
        let boundary = "matrix-boundary"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n"
            + operation.parameters.text + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n{}\r\n"
            + "--\(boundary)--\r\n"
        var headers = ["Content-Type: multipart/form-data; boundary=\(boundary)", "Accept: application/graphql-response+json"]
        if preflightHeader { headers.append("Apollo-Require-Preflight: true") }
        let response = try TestClient(port: port, timeoutSeconds: 30).request(
            "POST", "/graphql", headers: headers + operation.authorization, body: Array(body.utf8))
        return Verdict(status: response.status, contentType: response.header("Content-Type"), body: response.text)
    }
}

/// A one-operation batch: a POSTed JSON array, the first answer of the array read.
struct BatchTransport: MatrixTransport {
    let name = "batch"
    let isSafe = false
    let streams = false

    func send(_ operation: MatrixOperation, port: UInt16) throws -> Verdict {
        try sendBatch([operation], port: port)
    }

    /// Sends several operations in one batch (the first one's token), the verdict of the first answer.
    func sendBatch(_ operations: [MatrixOperation], port: UInt16) throws -> Verdict {
        let response = try TestClient(port: port, timeoutSeconds: 30).request(
            "POST", "/graphql",
            headers: ["Content-Type: application/json", "Accept: application/graphql-response+json"]
                + (operations.first?.authorization ?? []),
            body: Array(JSON.array(operations.map(\.parameters)).text.utf8))
        return Verdict(status: response.status, contentType: response.header("Content-Type"), body: response.text)
    }
}

/// Server-sent events, by GET or POST: the first `next` event, or the response that refused.
struct EventStreamTransport: MatrixTransport {
    var method: String
    var contentType = "application/json"
    var name: String { "SSE (\(method))" + (contentType == "application/json" ? "" : " as \(contentType)") }
    var isSafe: Bool { method == "GET" }
    let streams = true

    func send(_ operation: MatrixOperation, port: UInt16) throws -> Verdict {
        let (client, refused) = try openStream(
            operation, port: port, method: method, accept: "text/event-stream", contentType: contentType)
        if let refused { return refused }
        let event = try client.nextEvent()
        return Verdict(response: JSON(data: Data(event.data.utf8)))
    }
}

/// Apollo's multipart subscriptions: the first payload part, or the response that refused.
struct MultipartSubscriptionTransport: MatrixTransport {
    var method: String
    var accept = #"multipart/mixed;boundary="graphql";subscriptionSpec="1.0",application/json"#
    var contentType = "application/json"
    var name: String { "multipart subscription (\(method))" + (contentType == "application/json" ? "" : " as \(contentType)") }
    var isSafe: Bool { method == "GET" }
    let streams = true

    func send(_ operation: MatrixOperation, port: UInt16) throws -> Verdict {
        let (client, refused) = try openStream(
            operation, port: port, method: method, accept: accept, contentType: contentType)
        if let refused { return refused }
        let part = JSON(data: Data((try client.nextPayloadPart() ?? "").utf8))
        guard part["payload"] != .null else { return Verdict(response: part) }
        return Verdict(response: part["payload"])
    }
}

/// Opens a streamed request; the verdict instead when it did not open a stream (of the
/// `accept` type), or opened a subscription's.
private func openStream(
    _ operation: MatrixOperation, port: UInt16, method: String, accept: String, contentType: String
) throws -> (StreamClient, Verdict?) {
    let client = try StreamClient(port: port, timeoutMilliseconds: 30_000)
    let headers = ["Accept: \(accept)"] + operation.authorization
    if method == "GET" {
        try client.open("GET", "/graphql?" + operation.queryString, headers: headers)
    } else {
        try client.open(
            "POST", "/graphql", headers: headers + ["Content-Type: \(contentType)"],
            body: Array(operation.parameters.text.utf8))
    }
    let streamed = accept.split(separator: ";")[0]
    guard client.status == 200, client.header("Content-Type")?.hasPrefix(streamed) == true else {
        return (client, Verdict(status: client.status, contentType: client.header("Content-Type"), body: client.bodyText))
    }
    return (client, operation.isSubscription ? .streamOpened : nil)
}

/// Every transport of the server, as the matrix runs them.
enum MatrixTransports {
    static let all: [any MatrixTransport] = [
        PostTransport(), GetTransport(), MultipartUploadTransport(), BatchTransport(),
        EventStreamTransport(method: "GET"), EventStreamTransport(method: "POST"),
        MultipartSubscriptionTransport(method: "POST"), MultipartSubscriptionTransport(method: "GET"),
    ]
}
