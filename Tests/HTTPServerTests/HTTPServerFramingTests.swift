import Synchronization
import Testing
import KitchenTestSupport
@testable import HTTPServer

/// A head whose body length two readers could disagree on, sent with a body that hides a
/// second request after the length a lenient server would take.
struct AmbiguousFraming: Sendable, CustomStringConvertible {
    let description: String
    /// The status of the refusal.
    var status = 400
    /// The framing header lines, given a body of `length` bytes and `hidden` more.
    let lines: @Sendable (_ length: Int, _ hidden: Int) -> [String]

    static let all: [AmbiguousFraming] = [
        .init(description: "two different Content-Lengths") { ["Content-Length: \($0)", "Content-Length: \($0 + $1)"] },
        .init(description: "the same Content-Length twice") { length, _ in
            ["Content-Length: \(length)", "Content-Length: \(length)"]
        },
        .init(description: "a Content-Length list of equal values") { length, _ in ["Content-Length: \(length), \(length)"] },
        .init(description: "a Content-Length that is not a number") { _, _ in ["Content-Length: five"] },
        .init(description: "Content-Length with Transfer-Encoding") { length, _ in
            ["Content-Length: \(length)", "Transfer-Encoding: chunked"]
        },
        .init(description: "a Transfer-Encoding that does not end with chunked") { _, _ in ["Transfer-Encoding: chunked, gzip"] },
        .init(description: "a Transfer-Encoding Kitchen does not implement", status: 501) { _, _ in
            ["Transfer-Encoding: gzip, chunked"]
        },
        .init(description: "Transfer-Encoding chunked twice") { _, _ in
            ["Transfer-Encoding: chunked", "Transfer-Encoding: chunked"]
        },
    ]
}

@Suite("HTTPServer request framing (RFC 9112 §6.3)")
struct HTTPServerFramingTests {
    @Test("an ambiguous length is refused, the connection closes, and the hidden request is never answered",
          arguments: AmbiguousFraming.all)
    func ambiguousLength(framing: AmbiguousFraming) throws {
        let paths = Mutex<[String]>([])
        try withTestServer(handler: { request in
            paths.withLock { $0.append(request.path) }
            return echo(request)
        }) { _, port in
            let body = "{}"
            let hidden = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
            for method in ["POST", "GET"] {
                let client = try TestClient(port: port)
                var head = "\(method) /first HTTP/1.1\r\nHost: x\r\n"
                for line in framing.lines(body.utf8.count, hidden.utf8.count) { head += line + "\r\n" }
                try client.send(head + "\r\n" + body + hidden)
                let response = try client.readResponse()
                #expect(response.status == framing.status, "\(method)")
                #expect(response.header("Connection") == "close")
                #expect(throws: (any Error).self, "\(method): a second response came") { try client.readResponse() }
                #expect(client.waitForClose())
            }
        }
        #expect(paths.withLock { $0 }.isEmpty)
    }

    @Test("sound framing keeps the connection open for the next request")
    func soundFraming() throws {
        try withTestServer { _, port in
            let client = try TestClient(port: port)
            let first = try client.request("POST", "/one", body: Array("a".utf8))
            #expect(first.status == 200)
            #expect(first.header("Connection") == nil)
            try client.send("POST /two HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n1\r\nb\r\n0\r\n\r\n")
            let second = try client.readResponse()
            #expect(second.text.contains("path=/two"))
            #expect(second.text.hasSuffix("body=b"))
        }
    }

    @Test("the framing rules, decided on the head alone")
    func rules() {
        func status(_ fields: [(String, String)]) -> Int? {
            RequestFraming.refusal(HTTPHeaders(fields.map { (name: $0.0, value: $0.1) }))?.status
        }
        #expect(status([]) == nil)
        #expect(status([("Content-Length", "12")]) == nil)
        #expect(status([("content-length", " 0 ")]) == nil)
        #expect(status([("Transfer-Encoding", "chunked")]) == nil)
        #expect(status([("TRANSFER-ENCODING", "\tCHUNKED ")]) == nil)
        #expect(status([("Content-Length", "12"), ("content-length", "12")]) == 400)
        #expect(status([("Content-Length", "12, 12")]) == 400)
        #expect(status([("Content-Length", "+12")]) == 400)
        #expect(status([("Content-Length", "")]) == 400)
        #expect(status([("Content-Length", "1 2")]) == 400)
        #expect(status([("Content-Length", "0"), ("Transfer-Encoding", "chunked")]) == 400)
        #expect(status([("Transfer-Encoding", "identity")]) == 400)
        #expect(status([("Transfer-Encoding", "")]) == 400)
        #expect(status([("Transfer-Encoding", "chunked, gzip")]) == 400)
        #expect(status([("Transfer-Encoding", "chunkedx")]) == 400)
        #expect(status([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")]) == 400)
        #expect(status([("Transfer-Encoding", "chunked, chunked")]) == 400)
        #expect(status([("Transfer-Encoding", "gzip, chunked")]) == 501)
        #expect(status([("Transfer-Encoding", "gzip"), ("Transfer-Encoding", "chunked")]) == 501)
        #expect(RequestFraming.refusal(["Content-Length": "1, 1"])?.headers["Connection"] == "close")
    }
}
