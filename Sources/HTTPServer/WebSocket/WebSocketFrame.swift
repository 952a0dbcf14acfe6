/// RFC 6455 §5.2 frame opcodes.
enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Close, ping and pong (§5.5): at most 125 bytes, never fragmented.
    var isControl: Bool { rawValue & 0x8 != 0 }
}

/// A whole message, as the handler of a WebSocket gets it.
public enum WebSocketMessage: Sendable, Equatable {
    /// A text message; the bytes are checked UTF-8.
    case text([UInt8])
    /// A binary message.
    case binary([UInt8])
}

/// The frames a server sends: never masked (§5.1), always whole (FIN set).
enum ServerFrame {
    /// The bytes of one frame carrying `payload`.
    static func encode(_ opcode: WebSocketOpcode, _ payload: UnsafeRawBufferPointer) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(payload.count + 10)
        frame.append(0x80 | opcode.rawValue)
        switch payload.count {
        case 0...125:
            frame.append(UInt8(payload.count))
        case 126...0xFFFF:
            frame.append(126)
            frame.append(UInt8(payload.count >> 8))
            frame.append(UInt8(payload.count & 0xFF))
        default:
            frame.append(127)
            let length = UInt64(payload.count)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }
        frame.append(contentsOf: payload)
        return frame
    }

    /// A frame carrying `payload`.
    static func encode(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> [UInt8] {
        payload.withUnsafeBytes { encode(opcode, $0) }
    }

    /// A Close frame with `code` and a reason cut to fit the 125-byte limit of a control
    /// frame (at a character boundary).
    static func close(_ code: WebSocketCloseCode, reason: String) -> [UInt8] {
        var payload = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var reasonBytes = 0
        for scalar in reason.unicodeScalars {
            let width = String(scalar).utf8.count
            guard reasonBytes + width <= 123 else { break }
            payload.append(contentsOf: String(scalar).utf8)
            reasonBytes += width
        }
        return encode(.close, payload)
    }
}
