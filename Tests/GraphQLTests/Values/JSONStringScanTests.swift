import Testing

@testable import GraphQL

@Suite("JSON string scan")
struct JSONStringScanTests {
    /// The answer byte by byte, as the scan must give it.
    private func expectedEnd(_ bytes: [UInt8], from start: Int, stopAtNonASCII: Bool) -> Int {
        var offset = start
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || (stopAtNonASCII && byte >= 0x80) { break }
            offset += 1
        }
        return offset
    }

    private func scannedEnd(_ bytes: [UInt8], from start: Int, stopAtNonASCII: Bool) -> Int {
        bytes.withUnsafeBufferPointer {
            JSONStringScan.plainRunEnd($0, from: start, stopAtNonASCII: stopAtNonASCII)
        }
    }

    @Test("each special byte is found at every position of a word and past it")
    func everyPosition() {
        // Quote, backslash, each end of the control range, and bytes just beside them that
        // are plain; 0x80 and 0xFF count only when non-ASCII stops the run.
        let probes: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF]
        for length in 0...19 {
            for position in 0..<max(length, 1) {
                for probe in probes {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if position < length { bytes[position] = probe }
                    for start in [0, 1, 3] where start <= length {
                        for stop in [false, true] {
                            #expect(
                                scannedEnd(bytes, from: start, stopAtNonASCII: stop)
                                    == expectedEnd(bytes, from: start, stopAtNonASCII: stop),
                                "probe \(probe) at \(position) of \(length), start \(start), stop \(stop)")
                        }
                    }
                }
            }
        }
    }

    @Test("a special byte after another one in the same word is not reported first")
    func earliestWins() {
        // A byte below 0x20 borrows from the byte after it; the earliest must still win.
        let bytes: [UInt8] = [0x61, 0x00, 0x01, 0x22, 0x5C, 0x61, 0x61, 0x61, 0x61]
        #expect(scannedEnd(bytes, from: 0, stopAtNonASCII: false) == 1)
        let quoteFirst: [UInt8] = [0x61, 0x61, 0x22, 0x00, 0x61, 0x61, 0x61, 0x61]
        #expect(scannedEnd(quoteFirst, from: 0, stopAtNonASCII: true) == 2)
        let utf8 = Array("añb\"".utf8)
        #expect(scannedEnd(utf8, from: 0, stopAtNonASCII: true) == 1)
        #expect(scannedEnd(utf8, from: 0, stopAtNonASCII: false) == 4)
    }
}
