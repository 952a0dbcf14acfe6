/// Turns the bytes a client sends into whole messages and control frames, checking every
/// rule of RFC 6455 §5 on the way; a broken rule is a `Failure` naming the close code.
///
/// Bytes may arrive split anywhere: a header, a mask key or a UTF-8 sequence can straddle
/// two reads. A payload is unmasked and (for text) checked as it arrives, so a message
/// over the size limit is refused from its header, before its bytes are buffered, and
/// invalid UTF-8 fails at the first bad byte, even in a message's first fragment.
struct FrameReader: Sendable {
    /// What one consumed run of bytes produced.
    enum Event: Sendable, Equatable {
        case message(WebSocketMessage)
        case ping([UInt8])
        case pong([UInt8])
        /// A Close frame; `code` is nil when it carried none.
        case close(code: WebSocketCloseCode?, reason: String)
    }

    /// A broken rule, and the code to close the connection with.
    struct Failure: Error, Equatable, Sendable {
        let code: WebSocketCloseCode
        let reason: String
    }

    /// The largest message (all its fragments together) accepted; a larger one is 1009.
    let maxMessageSize: Int

    private var header: [UInt8] = []
    /// Payload bytes still to come for the frame whose header was read; nil while a
    /// header is being read.
    private var remaining: Int?
    private var opcode = WebSocketOpcode.continuation
    private var isFinal = false
    private var mask: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    private var maskOffset = 0
    private var control: [UInt8] = []
    /// The data message being assembled from fragments (text or binary), if any.
    private var messageKind: WebSocketOpcode?
    private var message: [UInt8] = []
    private var utf8 = UTF8Validation()

    init(maxMessageSize: Int) {
        self.maxMessageSize = maxMessageSize
    }

    /// Reads `bytes`, appending what they complete to `events`; throws at the first broken
    /// rule (the events before it stand). After a failure the connection is finished:
    /// nothing more should be consumed.
    mutating func consume(_ bytes: UnsafeRawBufferPointer, into events: inout [Event]) throws(Failure) {
        var index = 0
        while index < bytes.count {
            guard let left = remaining else {
                index += try readHeader(bytes, from: index)
                if remaining == 0 { try finishFrame(into: &events) }
                continue
            }
            let count = min(left, bytes.count - index)
            try appendPayload(UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]))
            index += count
            remaining = left - count
            if remaining == 0 { try finishFrame(into: &events) }
        }
    }

    /// Reads `bytes` given as an array (see the buffer form).
    mutating func consume(_ bytes: [UInt8], into events: inout [Event]) throws(Failure) {
        var failure: Failure?
        bytes.withUnsafeBytes { buffer in
            do throws(Failure) { try consume(buffer, into: &events) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Takes header bytes from `bytes[start...]` until the header is whole; returns how
    /// many were taken. When it is whole, checks it and sets `remaining`.
    private mutating func readHeader(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(Failure) -> Int {
        var index = start
        while index < bytes.count {
            header.append(bytes[index])
            index += 1
            guard header.count >= 2, header.count == Self.headerLength(header) else { continue }
            try acceptHeader()
            header.removeAll(keepingCapacity: true)
            break
        }
        return index - start
    }

    /// The whole header's length, known from its first two bytes.
    private static func headerLength(_ header: [UInt8]) -> Int {
        let extended = switch header[1] & 0x7F {
            case 126: 2
            case 127: 8
            default: 0
            }
        return 2 + extended + (header[1] & 0x80 != 0 ? 4 : 0)
    }

    private mutating func acceptHeader() throws(Failure) {
        let first = header[0], second = header[1]
        guard first & 0x70 == 0 else { throw Failure(code: .protocolError, reason: "reserved bits set without an extension") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw Failure(code: .protocolError, reason: "unknown opcode \(first & 0x0F)")
        }
        guard second & 0x80 != 0 else { throw Failure(code: .protocolError, reason: "client frames must be masked") }
        var length = UInt64(second & 0x7F)
        var at = 2
        if length >= 126 {
            let bytes = length == 126 ? 2 : 8
            length = 0
            for _ in 0..<bytes {
                length = length << 8 | UInt64(header[at])
                at += 1
            }
            guard length >> 63 == 0 else { throw Failure(code: .protocolError, reason: "frame length out of range") }
        }
        mask = (header[at], header[at + 1], header[at + 2], header[at + 3])
        maskOffset = 0
        isFinal = first & 0x80 != 0
        self.opcode = opcode
        if opcode.isControl {
            guard isFinal else { throw Failure(code: .protocolError, reason: "fragmented control frame") }
            guard length <= 125 else { throw Failure(code: .protocolError, reason: "control frame over 125 bytes") }
            control.removeAll(keepingCapacity: true)
        } else if opcode == .continuation {
            guard messageKind != nil else { throw Failure(code: .protocolError, reason: "continuation without a message") }
        } else {
            guard messageKind == nil else {
                throw Failure(code: .protocolError, reason: "new message before the last one's final fragment")
            }
            messageKind = opcode
        }
        if !opcode.isControl, length > UInt64(maxMessageSize - message.count) {
            throw Failure(code: .messageTooBig, reason: "message over \(maxMessageSize) bytes")
        }
        remaining = Int(length)
    }

    private mutating func appendPayload(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
        if opcode.isControl {
            let start = control.count
            control.append(contentsOf: chunk)
            maskOffset = Self.unmask(&control, from: start, key: mask, offset: maskOffset)
            return
        }
        let start = message.count
        message.append(contentsOf: chunk)
        maskOffset = Self.unmask(&message, from: start, key: mask, offset: maskOffset)
        guard messageKind == .text else { return }
        var checker = utf8
        let valid = message.withUnsafeBytes { checker.consume(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        utf8 = checker
        guard valid else { throw Failure(code: .invalidPayload, reason: "text message is not UTF-8") }
    }

    /// Unmasks `bytes[start...]` in place (§5.3); returns the mask offset to go on from.
    private static func unmask(
        _ bytes: inout [UInt8], from start: Int, key: (UInt8, UInt8, UInt8, UInt8), offset: Int
    ) -> Int {
        let keyBytes = [key.0, key.1, key.2, key.3]
        var position = offset
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in start..<buffer.count {
                buffer[index] ^= keyBytes[position & 3]
                position += 1
            }
        }
        return position & 3
    }

    private mutating func finishFrame(into events: inout [Event]) throws(Failure) {
        remaining = nil
        switch opcode {
        case .ping: events.append(.ping(control))
        case .pong: events.append(.pong(control))
        case .close: events.append(try Self.closeEvent(control))
        case .text, .binary, .continuation:
            guard isFinal, let kind = messageKind else { return }
            if kind == .text {
                guard utf8.isAtBoundary else { throw Failure(code: .invalidPayload, reason: "text message is not UTF-8") }
                events.append(.message(.text(message)))
            } else {
                events.append(.message(.binary(message)))
            }
            messageKind = nil
            message = []
            utf8 = UTF8Validation()
        }
    }

    /// A Close frame's payload: nothing, or a valid code and a UTF-8 reason (§5.5.1).
    private static func closeEvent(_ payload: [UInt8]) throws(Failure) -> Event {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw Failure(code: .protocolError, reason: "close frame of one byte") }
        let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isValidOnTheWire else { throw Failure(code: .protocolError, reason: "close code \(code) is not allowed") }
        var utf8 = UTF8Validation()
        let reason = Array(payload[2...])
        guard utf8.consume(reason), utf8.isAtBoundary else {
            throw Failure(code: .invalidPayload, reason: "close reason is not UTF-8")
        }
        return .close(code: code, reason: String(decoding: reason, as: UTF8.self))
    }
}
