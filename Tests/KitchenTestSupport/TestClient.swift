import Foundation
import Glibc

/// A blocking HTTP/1.1 client over one raw loopback socket, so that tests control
/// exactly what is sent and when (partial bodies, oversize heads, idle connections).
/// Every read has a deadline, so a broken server fails a test instead of hanging it.
public final class TestClient {
    public struct Response {
        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    public enum Failure: Error { case connect(Int32), send(Int32), closedBeforeResponse, timedOut, malformed(String) }

    private let socket: Int32
    private var buffered: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads give up after `timeoutSeconds`.
    public init(port: UInt16, timeoutSeconds: Int = 10) throws {
        do {
            socket = try LoopbackSocket.connect(port: port, timeoutMilliseconds: timeoutSeconds * 1000)
        } catch {
            throw Failure.connect(error.errno)
        }
    }

    deinit { close(socket) }

    /// Sends raw bytes.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { throw Failure.send(errno) }
            offset += sent
        }
    }

    /// Sends text as UTF-8.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends one request with a Content-Length body and reads its response.
    public func request(
        _ method: String, _ target: String, headers: [String] = [], body: [UInt8] = []
    ) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for header in headers { head += header + "\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        do {
            try send(Array((head + "\r\n").utf8) + body)
        } catch Failure.send(let code) where code == EPIPE || code == ECONNRESET {
            // A server may answer before reading the whole body (413 for a body over its
            // limit) and close: like any HTTP client, read the answer it already sent.
            guard let early = try? readResponse() else { throw Failure.send(code) }
            return early
        }
        return try readResponse(toHEAD: method == "HEAD")
    }

    /// Reads one response: status line, headers, and a Content-Length body — none when it
    /// answers a HEAD request (`toHEAD`), whose Content-Length is the GET body's.
    public func readResponse(toHEAD: Bool = false) throws -> Response {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffered.indices.dropLast(3).first { buffered[$0..<($0 + 4)].elementsEqual(terminator) }
            if headEnd == nil { try fill() }
        }
        let head = String(decoding: buffered[..<headEnd!], as: UTF8.self)
        buffered.removeFirst(headEnd! + 4)
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure.malformed(lines[0]) }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = toHEAD ? 0 : headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        while buffered.count < length { try fill() }
        let body = Array(buffered[..<length])
        buffered.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Waits until the server closes the connection; true if it did before the read deadline.
    public func waitForClose() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw Failure.closedBeforeResponse }
        if count < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? Failure.timedOut : Failure.closedBeforeResponse }
        buffered.append(contentsOf: chunk[..<count])
    }
}
