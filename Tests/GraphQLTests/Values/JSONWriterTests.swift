import Testing

@testable import GraphQL

@Suite("JSON writer")
struct JSONWriterTests {
    private func text(_ value: Value) -> String { JSONWriter.text(value) }

    @Test("scalars are written as JSON literals")
    func scalars() {
        #expect(text(.null) == "null")
        #expect(text(.bool(true)) == "true")
        #expect(text(.bool(false)) == "false")
        #expect(text(.int(0)) == "0")
        #expect(text(.int(-42)) == "-42")
        #expect(text(.int(Int.max)) == "9223372036854775807")
        #expect(text(.int(Int.min)) == "-9223372036854775808")
        #expect(text(.string("")) == "\"\"")
    }

    @Test("doubles are written as JavaScript writes them")
    func doubles() {
        #expect(text(.float(3.0)) == "3")
        #expect(text(.float(-0.0)) == "0")
        #expect(text(.float(0.1)) == "0.1")
        #expect(text(.float(-2.5)) == "-2.5")
        #expect(text(.float(1e21)) == "1e+21")
        #expect(text(.float(1e20)) == "100000000000000000000")
        #expect(text(.float(1.2345678901234568e20)) == "123456789012345680000")
        #expect(text(.float(1e-7)) == "1e-7")
        #expect(text(.float(0.000001)) == "0.000001")
        #expect(text(.float(1.5e-10)) == "1.5e-10")
        #expect(text(.float(1.7976931348623157e308)) == "1.7976931348623157e+308")
        #expect(text(.float(.leastNonzeroMagnitude)) == "5e-324")
        #expect(text(.float(9007199254740992)) == "9007199254740992")
        #expect(text(.float(-9007199254740994)) == "-9007199254740994")
        #expect(text(.float(0.30000000000000004)) == "0.30000000000000004")
    }

    @Test("fractions without an exponent keep Swift's shortest digits")
    func fractions() {
        #expect(text(.float(4.75)) == "4.75")
        #expect(text(.float(123.456)) == "123.456")
        #expect(text(.float(0.0001)) == "0.0001")
        #expect(text(.float(0.00001)) == "0.00001")
        #expect(text(.float(-1234567.125)) == "-1234567.125")
    }

    @Test("written doubles read back to the same double")
    func doublesRoundTrip() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(bitPattern: state)
            guard value.isFinite else { continue }
            let written = text(.float(value))
            let readBack: Double? = switch try JSONReader.parse(written) {
            case .float(let double): double
            case .int(let integer): Double(integer)
            default: nil
            }
            #expect(readBack == value || (value == 0 && readBack == 0), "\(value) was written as \(written)")
        }
    }

    @Test("NaN and infinities become null rather than invalid JSON")
    func nonFinite() {
        #expect(text(.float(.nan)) == "null")
        #expect(text(.float(.infinity)) == "null")
        #expect(text(.float(-.infinity)) == "null")
    }

    @Test("quotes, backslashes and control characters are escaped")
    func escapes() {
        #expect(text(.string("a\"b\\c")) == #""a\"b\\c""#)
        #expect(text(.string("\n\r\t\u{08}\u{0C}")) == #""\n\r\t\b\f""#)
        #expect(text(.string("\u{00}\u{01}\u{1F}")) == #""\u0000\u0001\u001f""#)
        #expect(text(.string("/ and \u{7F}")) == "\"/ and \u{7F}\"")
    }

    @Test("runs of every length up to past the word-copy bound are copied whole, alone and two at once")
    func copyLengths() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for length in 0...70 {
            let run = (0..<length).map { alphabet[$0 % alphabet.count] }
            let string = String(decoding: run, as: UTF8.self)
            #expect(text(.string(string)) == "\"\(string)\"")
            var writer = JSONWriter(capacity: 0)
            run.withUnsafeBufferPointer { first in
                Array(run.reversed()).withUnsafeBufferPointer { second in
                    writer.writeBytes(first)
                    writer.writeBytes(first, second)
                }
            }
            #expect(writer.bytes == run + run + run.reversed())
        }
    }

    @Test("other UTF-8, emoji included, stays raw")
    func rawUTF8() {
        let value = Value.string("番茄炒蛋 🍅 é")
        #expect(JSONWriter.encode(value) == Array("\"番茄炒蛋 🍅 é\"".utf8))
    }

    @Test("objects keep key order and lists item order")
    func containers() {
        let value = Value.object([
            "b": .int(1), "a": .list([.null, .string("x"), .list([])]), "c": .object(ObjectValue()),
        ])
        #expect(text(value) == #"{"b":1,"a":[null,"x",[]],"c":{}}"#)
    }

    @Test("punctuation helpers build a response by hand")
    func punctuation() {
        var writer = JSONWriter(capacity: 16)
        writer.beginObject()
        writer.writeKey("data")
        writer.beginArray()
        writer.writeInt(1)
        writer.comma()
        writer.writeDouble(2.5)
        writer.comma()
        writer.writeBool(false)
        writer.comma()
        writer.writeNull()
        writer.endArray()
        writer.comma()
        writer.writeRaw("\"raw\":")
        writer.writeByte(UInt8(ascii: "0"))
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"data":[1,2.5,false,null],"raw":0}"#)
    }

    @Test("a writer grows past its capacity, and a copy is written apart from the original")
    func growthAndCopies() {
        var writer = JSONWriter(capacity: 1)
        let long = String(repeating: "é", count: 3000)
        writer.writeString(long)
        #expect(writer.count == 6002)
        var copy = writer
        copy.writeUnescaped("!")
        writer.comma()
        #expect(writer.bytes.last == UInt8(ascii: ","))
        #expect(copy.bytes.last == UInt8(ascii: "!"))
        #expect(writer.count == 6003 && copy.count == 6003)
        [UInt8]("\"k\":".utf8).withUnsafeBufferPointer { writer.writeBytes($0) }
        writer.writeBytes(UnsafeBufferPointer(start: nil, count: 0))
        #expect(String(decoding: writer.bytes.suffix(5), as: UTF8.self) == #","k":"#)
    }

    @Test("written text reads back to the same value")
    func roundTrip() throws {
        let value = Value.object([
            "name": .string("Tomato \"soup\"\n🍅\u{1}"), "servings": .int(4), "rating": .float(4.75),
            "tags": .list([.string("a"), .null, .bool(true)]), "nested": .object(["x": .float(-1.5e-9)]),
        ])
        #expect(try JSONReader.parse(JSONWriter.encode(value)) == value)
    }
}
