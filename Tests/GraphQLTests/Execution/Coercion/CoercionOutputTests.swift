import Testing

@testable import GraphQL

@Suite("Leaf output coercion")
struct CoercionOutputTests {
    @Test("an enum value must name one of the enum's values")
    func enums() throws {
        let color = NamedType.enumeration(CoercionFixtures.color)
        #expect(try OutputCoercion.serialize(.string("RED"), as: color) == .string("RED"))
        #expect(throws: CoercionFailure("Enum \"Color\" cannot represent value: \"PURPLE\"")) {
            try OutputCoercion.serialize(.string("PURPLE"), as: color)
        }
        #expect(throws: CoercionFailure("Enum \"Color\" cannot represent value: 1")) {
            try OutputCoercion.serialize(.int(1), as: color)
        }
    }

    @Test("a scalar's own coercion wins; built-ins use theirs; other scalars pass through")
    func scalars() throws {
        #expect(throws: CoercionFailure("DateTime must be a string")) {
            try OutputCoercion.serialize(.int(1), as: .scalar(CoercionFixtures.dateTime))
        }
        #expect(try OutputCoercion.serialize(.int(1), as: .scalar(ScalarType(name: "ID"))) == .string("1"))
        #expect(throws: CoercionFailure("Int cannot represent non 32-bit signed integer value: 2147483648")) {
            try OutputCoercion.serialize(.int(2_147_483_648), scalar: ScalarType(name: "Int"))
        }
        #expect(try OutputCoercion.serialize(.list([.null]), as: .scalar(ScalarType(name: "JSON"))) == .list([.null]))
    }
}
