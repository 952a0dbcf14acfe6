import Foundation
import Storage
import Testing

@Suite("Base64 text of bytes")
struct Base64Tests {
    @Test("standard base64 matches Foundation's, padding included, for every length up to 64")
    func matchesFoundation() {
        var bytes: [UInt8] = []
        for length in 0...64 {
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString(), "length \(length)")
            bytes.append(UInt8(truncatingIfNeeded: length &* 37 &+ 200))
        }
    }

    @Test("URL-safe base64 without padding replaces + and / and drops =")
    func urlSafeWithoutPadding() {
        let bytes: [UInt8] = [0xfb, 0xff, 0xbf, 0x3e]
        let standard = Data(bytes).base64EncodedString()
        #expect(standard == "+/+/Pg==")
        #expect(Base64.encode(bytes, urlSafe: true, padded: false) == "-_-_Pg")
        #expect(Base64.encode("Recipe:2".utf8, urlSafe: true, padded: false) == "UmVjaXBlOjI")
    }

    @Test("a cursor encodes as base64 of c:key:id and decodes back", arguments: [
        Cursor(key: -4_616_752_568_008_179_712, id: 622), Cursor(key: 0, id: 0), Cursor(key: Int64.min, id: Int64.max),
        Cursor(key: 1_796_156_409_914, id: -9),
    ])
    func cursorRoundTrip(cursor: Cursor) throws {
        #expect(cursor.encoded == Data("c:\(cursor.key):\(cursor.id)".utf8).base64EncodedString())
        #expect(try Cursor(encoded: cursor.encoded) == cursor)
    }

    @Test("decoding reverses encoding in both alphabets, padded or not, at every length")
    func decodeRoundTrip() {
        var bytes: [UInt8] = []
        for length in 0...64 {
            for (urlSafe, padded) in [(false, true), (false, false), (true, true), (true, false)] {
                let text = Base64.encode(bytes, urlSafe: urlSafe, padded: padded)
                #expect(Base64.decode(text) == bytes, "length \(length) \(urlSafe) \(padded)")
            }
            #expect(Base64.decode(Data(bytes).base64EncodedString()) == bytes)
            bytes.append(UInt8(truncatingIfNeeded: length &* 37 &+ 200))
        }
    }

    @Test("decoding refuses foreign characters, misplaced padding and impossible lengths")
    func decodeRefusals() {
        for text in ["a", "abcde", "ab=c", "ab c", "ab\u{0}c", "é", "abc===", "====", "Zm9v!"] {
            #expect(Base64.decode(text) == nil, "\(text)")
        }
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("-_-_Pg") == [0xfb, 0xff, 0xbf, 0x3e])
        #expect(Base64.decode("+/-_Pg==") == [0xfb, 0xff, 0xbf, 0x3e])
    }
}
