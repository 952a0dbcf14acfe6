import KitchenTestSupport
import Testing
@testable import HTTPServer

@Suite("WebSocket frame reader")
struct FrameReaderTests {
    typealias Client = WebSocketTestClient

    /// Feeds `bytes` to a fresh reader (in pieces of `piece` bytes), returning its events
    /// and its failure if any.
    static func read(
        _ bytes: [UInt8], piece: Int = .max, maxMessageSize: Int = 1 << 20
    ) -> (events: [FrameReader.Event], failure: FrameReader.Failure?) {
        var reader = FrameReader(maxMessageSize: maxMessageSize)
        var events: [FrameReader.Event] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            do throws(FrameReader.Failure) {
                try reader.consume(Array(bytes[start..<end]), into: &events)
            } catch {
                return (events, error)
            }
            start = end
        }
        return (events, nil)
    }

    @Test("a masked text frame is unmasked, whole or fed a byte at a time")
    func maskedText() {
        let frame = Client.frame(opcode: Client.text, payload: Array("Hello, 世界".utf8))
        for piece in [Int.max, 1, 3] {
            let (events, failure) = Self.read(frame, piece: piece)
            #expect(failure == nil)
            #expect(events == [.message(.text(Array("Hello, 世界".utf8)))])
        }
    }

    @Test("lengths in the 16-bit and 64-bit forms are read")
    func extendedLengths() {
        let medium = [UInt8](repeating: 0x41, count: 300), large = [UInt8](repeating: 0x42, count: 70_000)
        let (events, failure) = Self.read(
            Client.frame(opcode: Client.binary, payload: medium) + Client.frame(opcode: Client.binary, payload: large),
            piece: 4096)
        #expect(failure == nil)
        #expect(events == [.message(.binary(medium)), .message(.binary(large))])
    }

    @Test("fragments join into one message, with control frames between them")
    func fragmentsAndInterleavedControl() {
        let bytes = Client.frame(opcode: Client.text, payload: Array("one ".utf8), isFinal: false)
            + Client.frame(opcode: Client.ping, payload: [1, 2])
            + Client.frame(opcode: Client.continuation, payload: Array("two ".utf8), isFinal: false)
            + Client.frame(opcode: Client.pong, payload: [])
            + Client.frame(opcode: Client.continuation, payload: Array("three".utf8))
        let (events, failure) = Self.read(bytes, piece: 5)
        #expect(failure == nil)
        #expect(events == [.ping([1, 2]), .pong([]), .message(.text(Array("one two three".utf8)))])
    }

    @Test("a character split across two fragments is valid UTF-8")
    func utf8AcrossFragments() {
        let euro = Array("€".utf8)
        let bytes = Client.frame(opcode: Client.text, payload: [euro[0]], isFinal: false)
            + Client.frame(opcode: Client.continuation, payload: Array(euro[1...]))
        #expect(Self.read(bytes).events == [.message(.text(euro))])
    }

    @Test("invalid UTF-8 fails with 1007 in the first fragment, before the message ends")
    func invalidUTF8FailsFast() {
        let bytes = Client.frame(opcode: Client.text, payload: [0x61, 0xFF], isFinal: false)
        #expect(Self.read(bytes).failure?.code == .invalidPayload)
        let cut = Client.frame(opcode: Client.text, payload: [0x61, 0xE2, 0x82])
        #expect(Self.read(cut).failure?.code == .invalidPayload)
    }

    @Test("binary messages are not checked as UTF-8")
    func binaryIsNotText() {
        #expect(Self.read(Client.frame(opcode: Client.binary, payload: [0xFF, 0xFE])).events == [.message(.binary([0xFF, 0xFE]))])
    }

    @Test("broken framing rules fail with 1002", arguments: [
        ("unmasked", Client.frame(opcode: 0x1, payload: [0x61], masked: false)),
        ("reserved bit", Client.frame(opcode: 0x1, payload: [0x61], rsv: 0b100)),
        ("unknown opcode 3", Client.frame(opcode: 0x3, payload: [])),
        ("unknown control opcode 11", Client.frame(opcode: 0xB, payload: [])),
        ("fragmented ping", Client.frame(opcode: 0x9, payload: [], isFinal: false)),
        ("ping over 125 bytes", Client.frame(opcode: 0x9, payload: [UInt8](repeating: 0, count: 126))),
        ("continuation first", Client.frame(opcode: 0x0, payload: [0x61])),
        ("text inside a fragmented text",
            Client.frame(opcode: 0x1, payload: [0x61], isFinal: false) + Client.frame(opcode: 0x1, payload: [0x62])),
        ("close of one byte", Client.frame(opcode: 0x8, payload: [0x03])),
    ])
    func protocolErrors(_ name: String, _ bytes: [UInt8]) {
        let (events, failure) = Self.read(bytes)
        #expect(failure?.code == .protocolError, "\(name)")
        #expect(events.isEmpty, "\(name)")
    }

    @Test("a 10 MB frame is refused from its header alone, with 1009")
    func oversizeFrameRefusedFromHeader() {
        let header = Client.header(opcode: Client.binary, length: 10_000_000)
        #expect(Self.read(header, maxMessageSize: 1 << 20).failure?.code == .messageTooBig)
    }

    @Test("fragments that together pass the limit fail with 1009")
    func oversizeMessageAcrossFragments() {
        let half = [UInt8](repeating: 0x61, count: 600)
        let bytes = Client.frame(opcode: Client.text, payload: half, isFinal: false)
            + Client.frame(opcode: Client.continuation, payload: half)
        #expect(Self.read(bytes, maxMessageSize: 1000).failure?.code == .messageTooBig)
        #expect(Self.read(bytes, maxMessageSize: 1200).failure == nil)
    }

    @Test("close frames carry a code and a reason; reserved codes and bad reasons fail")
    func closeFrames() {
        #expect(Self.read(Client.frame(opcode: 0x8, payload: [])).events == [.close(code: nil, reason: "")])
        #expect(
            Self.read(Client.frame(opcode: 0x8, payload: [0x03, 0xE8] + Array("bye".utf8))).events
                == [.close(code: .normalClosure, reason: "bye")])
        #expect(Self.read(Client.frame(opcode: 0x8, payload: [0x0F, 0xA0])).events == [.close(code: .init(rawValue: 4000), reason: "")])
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 2999, 5000] {
            #expect(Self.read(Client.frame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])).failure?.code == .protocolError, "\(code)")
        }
        #expect(Self.read(Client.frame(opcode: 0x8, payload: [0x03, 0xE8, 0xFF])).failure?.code == .invalidPayload)
    }
}
