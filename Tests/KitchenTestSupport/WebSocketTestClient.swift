import Foundation
import Glibc

/// A blocking WebSocket client over one raw loopback socket, written from RFC 6455 for
/// tests: it sends whatever frame a test builds (unmasked, reserved bits, any opcode,
/// any fragmentation, split at any byte) and reads the server's frames one at a time.
/// Every read has a deadline, so a silent server fails a test instead of hanging it.
public final class WebSocketTestClient {
    /// One frame from the server.
    public struct Frame: Equatable, Sendable {
        public var isFinal: Bool
        public var opcode: UInt8
        public var masked: Bool
        public var payload: [UInt8]
        public var text: String { String(decoding: payload, as: UTF8.self) }
        /// A Close frame's code, if it has one.
        public var closeCode: UInt16? {
            opcode == 0x8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
        }
        public var closeReason: String { String(decoding: payload.dropFirst(2), as: UTF8.self) }

        public init(isFinal: Bool, opcode: UInt8, masked: Bool, payload: [UInt8]) {
            self.isFinal = isFinal
            self.opcode = opcode
            self.masked = masked
            self.payload = payload
        }
    }

    public enum Failure: Error { case connect(Int32), send(Int32), closed, timedOut, handshake(String) }

    public static let text: UInt8 = 0x1, binary: UInt8 = 0x2, continuation: UInt8 = 0x0
    public static let close: UInt8 = 0x8, ping: UInt8 = 0x9, pong: UInt8 = 0xA

    private let socket: Int32
    private var buffered: [UInt8] = []
    /// The handshake's answer: status and header fields.
    public private(set) var status = 0
    public private(set) var headers: [(name: String, value: String)] = []

    /// Connects to 127.0.0.1:`port` without a handshake; reads give up after
    /// `timeoutMilliseconds`. A small `receiveBufferBytes` makes a client that does not read
    /// fill up quickly.
    public init(connectingTo port: UInt16, timeoutMilliseconds: Int = 10_000, receiveBufferBytes: Int32? = nil) throws {
        do {
            socket = try LoopbackSocket.connect(
                port: port, timeoutMilliseconds: timeoutMilliseconds, receiveBufferBytes: receiveBufferBytes)
        } catch {
            throw Failure.connect(error.errno)
        }
    }

    /// Connects and completes the opening handshake on `path`, offering `subprotocols`;
    /// throws unless the answer is 101. `extra` is sent in the same write as the request.
    public convenience init(
        port: UInt16, path: String = "/", subprotocols: [String] = [], headers: [String] = [],
        sendingWithHandshake extra: [UInt8] = [], timeoutMilliseconds: Int = 10_000,
        receiveBufferBytes: Int32? = nil
    ) throws {
        try self.init(connectingTo: port, timeoutMilliseconds: timeoutMilliseconds, receiveBufferBytes: receiveBufferBytes)
        try handshake(path: path, subprotocols: subprotocols, headers: headers, extra: extra)
        guard status == 101 else { throw Failure.handshake("status \(status)") }
    }

    deinit { Glibc.close(socket) }

    /// A header field of the handshake's answer (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Sends the opening handshake and reads the answer's head (any status).
    public func handshake(path: String = "/", subprotocols: [String] = [], headers: [String] = [], extra: [UInt8] = []) throws {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if !subprotocols.isEmpty { request += "Sec-WebSocket-Protocol: \(subprotocols.joined(separator: ", "))\r\n" }
        for header in headers { request += header + "\r\n" }
        try send(Array((request + "\r\n").utf8) + extra)
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffered.indices.dropLast(3).first { buffered[$0..<($0 + 4)].elementsEqual(terminator) }
            if headEnd == nil { try fill() }
        }
        let head = String(decoding: buffered[..<headEnd!], as: UTF8.self)
        buffered.removeFirst(headEnd! + 4)
        let lines = head.components(separatedBy: "\r\n")
        status = lines[0].split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        self.headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        if status != 101 {
            let length = self.headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
            while buffered.count < length { try fill() }
            buffered.removeFirst(length)
        }
    }

    /// The bytes of one client frame: masked unless `masked` is false, with `rsv` in the
    /// reserved bits.
    public static func frame(
        opcode: UInt8, payload: [UInt8], isFinal: Bool = true, masked: Bool = true, rsv: UInt8 = 0
    ) -> [UInt8] {
        var bytes = header(opcode: opcode, length: payload.count, isFinal: isFinal, masked: masked, rsv: rsv)
        let start = bytes.count
        bytes += payload
        guard masked else { return bytes }
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<payload.count { buffer[start + index] ^= mask[index & 3] }
        }
        return bytes
    }

    /// The mask key every frame of this client uses.
    static let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]

    /// A frame's header alone (with the mask key when `masked`), declaring `length`
    /// payload bytes.
    public static func header(
        opcode: UInt8, length: Int, isFinal: Bool = true, masked: Bool = true, rsv: UInt8 = 0
    ) -> [UInt8] {
        var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | (rsv & 0x7) << 4 | (opcode & 0x0F)]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch length {
        case 0...125: bytes.append(maskBit | UInt8(length))
        case 126...0xFFFF: bytes += [maskBit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(length) >> shift)) }
        }
        return masked ? bytes + mask : bytes
    }

    /// Sends one frame (see `frame`).
    public func send(opcode: UInt8, payload: [UInt8], isFinal: Bool = true, masked: Bool = true, rsv: UInt8 = 0) throws {
        try send(Self.frame(opcode: opcode, payload: payload, isFinal: isFinal, masked: masked, rsv: rsv))
    }

    /// Sends one masked text frame.
    public func send(text: String) throws { try send(opcode: Self.text, payload: Array(text.utf8)) }

    /// Sends a Close frame with `code` (none when nil) and `reason`.
    public func sendClose(code: UInt16?, reason: String = "") throws {
        let payload = code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] + Array(reason.utf8) } ?? []
        try send(opcode: Self.close, payload: payload)
    }

    /// Sends raw bytes.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { throw Failure.send(errno) }
            offset += sent
        }
    }

    /// Reads the next frame from the server.
    public func readFrame() throws -> Frame {
        try need(2)
        let first = buffered[0], second = buffered[1]
        var length = Int(second & 0x7F)
        var headerLength = 2
        if length == 126 {
            try need(4)
            length = Int(buffered[2]) << 8 | Int(buffered[3])
            headerLength = 4
        } else if length == 127 {
            try need(10)
            length = (2..<10).reduce(0) { $0 << 8 | Int(buffered[$1]) }
            headerLength = 10
        }
        let masked = second & 0x80 != 0
        if masked { headerLength += 4 }
        try need(headerLength + length)
        let payload = Array(buffered[headerLength..<(headerLength + length)])
        buffered.removeFirst(headerLength + length)
        return Frame(isFinal: first & 0x80 != 0, opcode: first & 0x0F, masked: masked, payload: payload)
    }

    /// Reads frames until one that is not a Ping (answering none), and returns it.
    public func readSkippingPings() throws -> Frame {
        while true {
            let frame = try readFrame()
            if frame.opcode != Self.ping { return frame }
        }
    }

    /// Reads until the server closes the TCP connection; true if it did before the deadline
    /// (frames still arriving are discarded).
    public func waitForEndOfStream() -> Bool {
        buffered = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Changes the read deadline.
    public func setReadTimeout(milliseconds: Int) {
        LoopbackSocket.setReadTimeout(socket, milliseconds: milliseconds)
    }

    private func need(_ count: Int) throws {
        while buffered.count < count { try fill() }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw Failure.closed }
        if count < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? Failure.timedOut : Failure.closed }
        buffered.append(contentsOf: chunk[..<count])
    }
}
