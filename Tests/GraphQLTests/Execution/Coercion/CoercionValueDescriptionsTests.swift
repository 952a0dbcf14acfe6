import Testing

@testable import GraphQL

@Suite("Values in messages")
struct CoercionValueDescriptionsTests {
    typealias F = CoercionFixtures

    @Test("runtime values are shown as graphql-js's inspect shows them")
    func inspect() {
        #expect(ValueDescriptions.inspect(.string("a\"b\n")) == #""a\"b\n""#)
        #expect(ValueDescriptions.inspect(.float(2.0)) == "2")
        #expect(ValueDescriptions.inspect(.float(1e21)) == "1e+21")
        #expect(ValueDescriptions.inspect(.object(["a": .list([.int(1), .null]), "b": .bool(false)]))
            == "{ a: [1, null], b: false }")
        #expect(ValueDescriptions.inspect(.list([])) == "[]")
        #expect(ValueDescriptions.inspect(.object(ObjectValue())) == "{}")
    }

    @Test("objects with many entries are shortened")
    func longObjects() {
        let object = ObjectValue((0..<23).map { ("k\($0)", Value.int($0)) })
        let shown = ValueDescriptions.inspect(.object(object))
        #expect(shown.hasPrefix("{ k0: 0, k1: 1, "))
        #expect(shown.hasSuffix("k19: 19, ... 3 more entries }"))
    }

    @Test("literals are printed by the document printer")
    func printLiterals() {
        let node = F.object(["a": F.list([F.int("1"), F.float("2.5e3"), F.null]), "b": F.enumValue("RED"), "c": F.variable("v")])
        #expect(ValueDescriptions.print(node) == "{ a: [1, 2.5e3, null], b: RED, c: $v }")
        #expect(ValueDescriptions.print(F.string("tab\there \"q\"")) == #""tab\there \"q\"""#)
    }

    @Test("paths are printed as graphql-js's printPathArray prints them")
    func paths() {
        #expect(ValueDescriptions.printPath([.key("items"), .index(2), .key("quantity")]) == ".items[2].quantity")
        #expect(ValueDescriptions.printPath([]) == "")
    }
}
