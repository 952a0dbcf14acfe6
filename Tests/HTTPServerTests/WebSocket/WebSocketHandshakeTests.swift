import Testing
@testable import HTTPServer

@Suite("WebSocket opening handshake")
struct WebSocketHandshakeTests {
    final class Ignoring: WebSocketHandler {
        func received(_ message: WebSocketMessage) {}
        func closed(code: WebSocketCloseCode, reason: String) {}
    }

    static func request(method: String = "GET", _ headers: HTTPHeaders) -> HTTPRequest {
        HTTPRequest(method: method, target: "/graphql", headers: headers)
    }

    static let good: HTTPHeaders = [
        "Upgrade": "websocket", "Connection": "keep-alive, Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Protocol": "graphql-transport-ws, graphql-ws",
    ]

    static func accept(_ request: HTTPRequest, subprotocol: String? = "graphql-transport-ws") -> HTTPResponse {
        WebSocketHandshake.accept(request, subprotocol: subprotocol) { _ in Ignoring() }
    }

    @Test("a good request is switched with 101, the accept value and the chosen subprotocol")
    func accepted() {
        let request = Self.request(Self.good)
        #expect(WebSocketHandshake.isRequested(request))
        #expect(WebSocketHandshake.offeredSubprotocols(request) == ["graphql-transport-ws", "graphql-ws"])
        let response = Self.accept(request)
        #expect(response.status == 101)
        #expect(response.upgradesToWebSocket)
        #expect(response.headers["Upgrade"] == "websocket")
        #expect(response.headers["Connection"] == "Upgrade")
        #expect(response.headers["Sec-WebSocket-Accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(response.headers["Sec-WebSocket-Protocol"] == "graphql-transport-ws")
        #expect(Self.accept(request, subprotocol: nil).headers["Sec-WebSocket-Protocol"] == nil)
    }

    @Test("a request without Upgrade: websocket is not a handshake")
    func notRequested() {
        #expect(!WebSocketHandshake.isRequested(Self.request(["Connection": "Upgrade"])))
        #expect(WebSocketHandshake.isRequested(Self.request(["Upgrade": "WebSocket"])))
    }

    @Test("another version is 426 naming version 13")
    func wrongVersion() {
        var headers = Self.good
        headers.replaceOrAdd(name: "Sec-WebSocket-Version", value: "8")
        let response = Self.accept(Self.request(headers))
        #expect(response.status == 426)
        #expect(response.headers["Sec-WebSocket-Version"] == "13")
        #expect(!response.upgradesToWebSocket)
    }

    @Test("a missing or malformed key, or no Connection: Upgrade, is 400; POST is 405")
    func malformed() {
        for (name, value) in [("Sec-WebSocket-Key", "c2hvcnQ="), ("Sec-WebSocket-Key", "not base64!"), ("Connection", "keep-alive")] {
            var headers = Self.good
            headers.replaceOrAdd(name: name, value: value)
            #expect(Self.accept(Self.request(headers)).status == 400, "\(name): \(value)")
        }
        var noKey = HTTPHeaders()
        for field in Self.good where field.name != "Sec-WebSocket-Key" { noKey.add(name: field.name, value: field.value) }
        #expect(Self.accept(Self.request(noKey)).status == 400)
        let post = Self.accept(Self.request(method: "POST", Self.good))
        #expect(post.status == 405)
        #expect(post.headers["Allow"] == "GET")
    }
}
