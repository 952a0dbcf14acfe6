import Foundation
import Glibc

/// A blocking client for a chunked `text/event-stream` response over one loopback
/// socket: sends a request, reads the head, then hands out server-sent events one at a
/// time. Every read has a deadline, so a silent server fails a test instead of hanging it.
public final class StreamClient {
    /// One server-sent event: its `event:` name (or "message"), `data:` lines joined by
    /// newlines; `comment` is set for a `:` line instead.
    public struct Event: Equatable, Sendable {
        public var name: String
        public var data: String
        public var comment: String?

        public init(name: String, data: String, comment: String? = nil) {
            self.name = name
            self.data = data
            self.comment = comment
        }
    }

    public enum Failure: Error { case connect(Int32), send, closed, timedOut, malformed(String) }

    private let socket: Int32
    private var raw: [UInt8] = []
    /// Body bytes with the chunk framing removed.
    private var body: [UInt8] = []
    private var sawLastChunk = false
    public private(set) var status = 0
    public private(set) var headers: [(name: String, value: String)] = []

    /// Connects to 127.0.0.1:`port`; each read gives up after `timeoutMilliseconds`.
    public init(port: UInt16, timeoutMilliseconds: Int = 5000) throws {
        do {
            socket = try LoopbackSocket.connect(port: port, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            throw Failure.connect(error.errno)
        }
    }

    deinit { close(socket) }

    /// Closes the connection from the client's side.
    public func disconnect() { shutdown(socket, Int32(SHUT_RDWR)) }

    /// Sends a request and reads the response head; returns the status.
    @discardableResult
    public func open(
        _ method: String, _ target: String, headers: [String] = [], body: [UInt8] = []
    ) throws -> Int {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for header in headers { head += header + "\r\n" }
        if method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent != bytes.count { throw Failure.send }
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = raw.indices.dropLast(3).first { raw[$0..<($0 + 4)].elementsEqual(terminator) }
            if headEnd == nil { try fill() }
        }
        let lines = String(decoding: raw[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        raw.removeFirst(headEnd! + 4)
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let code = Int(parts[1]) else { throw Failure.malformed(lines[0]) }
        status = code
        self.headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        if let length = header("Content-Length").flatMap(Int.init) {
            while raw.count < length { try fill() }
            self.body = Array(raw[..<length])
            sawLastChunk = true
        }
        return code
    }

    /// The first value of a response header (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The whole body of a non-streamed response, as text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The next event or comment; throws `timedOut` when none comes before the deadline,
    /// `closed` when the stream ends.
    public func next() throws -> Event {
        while true {
            if let event = takeEvent() { return event }
            if sawLastChunk { throw Failure.closed }
            try readChunk()
        }
    }

    /// The next event that is not a comment.
    public func nextEvent() throws -> Event {
        while true {
            let event = try next()
            if event.comment == nil { return event }
        }
    }

    /// The body of the next part of a `multipart/mixed` response with `boundary` (what
    /// follows its header lines), as text; nil at the close delimiter. Throws `timedOut`
    /// when no whole part comes before the deadline.
    public func nextPart(boundary: String = "graphql") throws -> String? {
        while true {
            if let part = takePart(delimiter: Array("--\(boundary)".utf8)) { return part }
            if sawLastChunk { throw Failure.closed }
            try readChunk()
        }
    }

    /// The next part that is not a `{}` heartbeat; nil at the close delimiter.
    public func nextPayloadPart(boundary: String = "graphql") throws -> String? {
        while true {
            guard let part = try nextPart(boundary: boundary) else { return nil }
            if part != "{}" { return part }
        }
    }

    /// A whole part at the front of `body` (which starts at a delimiter), consumed up to
    /// the delimiter that ends it: `.some(text)`, `.some(nil)` for the close, nil when more
    /// bytes are needed.
    private func takePart(delimiter: [UInt8]) -> String?? {
        guard let start = find(delimiter, in: body, from: 0), body.count >= start + delimiter.count + 2 else { return nil }
        let after = start + delimiter.count
        if body[after] == UInt8(ascii: "-"), body[after + 1] == UInt8(ascii: "-") {
            body.removeFirst(after + 2)
            return .some(nil)
        }
        guard let end = find([13, 10] + delimiter, in: body, from: after) else { return nil }
        let part = body[after..<end]
        let headerEnd = find([13, 10, 13, 10], in: Array(part), from: 0) ?? -4
        let content = Array(part).dropFirst(headerEnd + 4)
        body.removeFirst(end + 2)
        return .some(String(decoding: content, as: UTF8.self))
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// True if the stream ends (last chunk, or the server closes) before the deadline.
    public func waitForEnd() -> Bool {
        while true {
            do { _ = try next() } catch Failure.closed { return true } catch { return false }
        }
    }

    private func takeEvent() -> Event? {
        let separator: [UInt8] = [10, 10]
        guard let end = body.indices.dropLast().first(where: { body[$0..<($0 + 2)].elementsEqual(separator) })
        else { return nil }
        let text = String(decoding: body[..<end], as: UTF8.self)
        body.removeFirst(end + 2)
        var event = Event(name: "message", data: "", comment: nil)
        var data: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") { event.comment = line.dropFirst().trimmingCharacters(in: .whitespaces) }
            else if line.hasPrefix("event:") { event.name = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
            else if line.hasPrefix("data:") { data.append(String(line.dropFirst(5).drop { $0 == " " })) }
        }
        event.data = data.joined(separator: "\n")
        return event
    }

    /// Reads one chunk of the chunked body into `body`.
    private func readChunk() throws {
        let lineEnd: [UInt8] = [13, 10]
        func line() throws -> String {
            while true {
                if let end = raw.indices.dropLast().first(where: { raw[$0..<($0 + 2)].elementsEqual(lineEnd) }) {
                    let text = String(decoding: raw[..<end], as: UTF8.self)
                    raw.removeFirst(end + 2)
                    return text
                }
                try fill()
            }
        }
        let sizeLine = try line()
        guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else {
            throw Failure.malformed(sizeLine)
        }
        if size == 0 {
            sawLastChunk = true
            return
        }
        while raw.count < size + 2 { try fill() }
        body.append(contentsOf: raw[..<size])
        raw.removeFirst(size + 2)
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw Failure.closed }
        if count < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? Failure.timedOut : Failure.closed }
        raw.append(contentsOf: chunk[..<count])
    }
}
