import Testing

@testable import GraphQL

@Suite("Coercing literals")
struct CoercionLiteralsTests {
    typealias F = CoercionFixtures
    private let schema = CoercionFixtures.schema

    private func coerce(_ node: ValueNode, _ type: TypeReference, variables: ObjectValue? = nil) -> Value? {
        InputCoercion.coerceLiteral(node, to: type, schema: schema, variables: variables)
    }

    @Test("scalar literals follow their scalar's literal rules")
    func scalars() {
        #expect(coerce(F.int("3"), .named("Int")) == .int(3))
        #expect(coerce(F.int("3"), .named("Float")) == .float(3))
        #expect(coerce(F.float("3.5"), .named("Int")) == nil)
        #expect(coerce(F.string("3"), .named("Int")) == nil)
        #expect(coerce(F.int("3"), .named("ID")) == .string("3"))
        #expect(coerce(F.literal(.string("block", isBlock: true)), .named("String")) == .string("block"))
    }

    @Test("enums take enum literals, not strings")
    func enums() {
        #expect(coerce(F.enumValue("BLUE"), .named("Color")) == .string("BLUE"))
        #expect(coerce(F.string("BLUE"), .named("Color")) == nil)
        #expect(coerce(F.enumValue("PINK"), .named("Color")) == nil)
    }

    @Test("null is a value unless the type is non-null")
    func nulls() {
        #expect(coerce(F.null, .named("Int")) == .null)
        #expect(coerce(F.null, .nonNull(.named("Int"))) == nil)
        #expect(coerce(F.list([F.int("1"), F.null]), .list(.nonNull(.named("Int")))) == nil)
    }

    @Test("a single literal stands for a list of one")
    func listOfOne() {
        #expect(coerce(F.int("1"), .list(.named("Int"))) == .list([.int(1)]))
        #expect(coerce(F.list([F.int("1"), F.int("2")]), .list(.named("Int"))) == .list([.int(1), .int(2)]))
        #expect(coerce(F.list([F.int("1"), F.string("2")]), .list(.named("Int"))) == nil)
    }

    @Test("input object literals get defaults and need their required fields")
    func objects() {
        let line = F.object(["quantity": F.int("2"), "productId": F.string("p")])
        #expect(coerce(line, .named("LineInput")) == .object(["productId": .string("p"), "quantity": .int(2), "size": .int(1)]))
        #expect(coerce(F.object(["quantity": F.int("2")]), .named("LineInput")) == nil)
        #expect(coerce(F.object(["productId": F.string("p"), "quantity": F.int("2"), "bogus": F.null]), .named("LineInput")) == nil)
        #expect(coerce(F.string("x"), .named("LineInput")) == nil)
        let order = F.object(["items": line, "color": F.null])
        #expect(coerce(order, .named("OrderInput")) == .object([
            "items": .list([.object(["productId": .string("p"), "quantity": .int(2), "size": .int(1)])]), "color": .null,
        ]))
    }

    @Test("variables are read from the coerced variables")
    func variables() {
        #expect(coerce(F.variable("n"), .named("Int"), variables: ["n": .int(5)]) == .int(5))
        #expect(coerce(F.variable("n"), .named("Int"), variables: [:]) == nil)
        #expect(coerce(F.variable("n"), .named("Int"), variables: nil) == nil)
        #expect(coerce(F.variable("n"), .nonNull(.named("Int")), variables: ["n": .null]) == nil)
        #expect(coerce(F.variable("n"), .named("Int"), variables: ["n": .null]) == .null)
    }

    @Test("an absent variable leaves an object field absent, so its default applies")
    func absentVariableInObject() {
        let line = F.object(["productId": F.string("p"), "quantity": F.int("1"), "note": F.variable("note"), "size": F.variable("size")])
        #expect(coerce(line, .named("LineInput"), variables: [:])
            == .object(["productId": .string("p"), "quantity": .int(1), "size": .int(1)]))
        #expect(coerce(line, .named("LineInput"), variables: ["note": .null, "size": .int(3)])
            == .object(["productId": .string("p"), "quantity": .int(1), "note": .null, "size": .int(3)]))
        let missingRequired = F.object(["productId": F.string("p"), "quantity": F.variable("q")])
        #expect(coerce(missingRequired, .named("LineInput"), variables: [:]) == nil)
    }

    @Test("an absent variable in a list is null, unless items are non-null")
    func absentVariableInList() {
        #expect(coerce(F.list([F.int("1"), F.variable("x")]), .list(.named("Int")), variables: [:]) == .list([.int(1), .null]))
        #expect(coerce(F.list([F.int("1"), F.variable("x")]), .list(.nonNull(.named("Int"))), variables: [:]) == nil)
    }

    @Test("@oneOf literals need exactly one non-null field")
    func oneOf() {
        #expect(coerce(F.object(["id": F.int("4")]), .named("Lookup")) == .object(["id": .string("4")]))
        #expect(coerce(F.object([:]), .named("Lookup")) == nil)
        #expect(coerce(F.object(["id": F.int("4"), "name": F.string("x")]), .named("Lookup")) == nil)
        #expect(coerce(F.object(["id": F.null]), .named("Lookup")) == nil)
        #expect(coerce(F.object(["id": F.variable("v")]), .named("Lookup"), variables: ["v": .string("9")]) == .object(["id": .string("9")]))
        #expect(coerce(F.object(["id": F.variable("v")]), .named("Lookup"), variables: [:]) == nil)
    }

    @Test("custom scalar literals are read untyped, then given to the scalar's coercion")
    func customScalars() {
        #expect(coerce(F.string("2026-01-01T00:00:00Z"), .named("DateTime")) == .string("2026-01-01T00:00:00Z"))
        #expect(coerce(F.string("today"), .named("DateTime")) == nil)
        let json = F.object(["a": F.list([F.int("1"), F.float("2.5"), F.enumValue("X"), F.variable("v")]), "b": F.variable("w")])
        #expect(coerce(json, .named("JSON"), variables: ["v": .bool(true)])
            == .object(["a": .list([.int(1), .float(2.5), .string("X"), .bool(true)])]))
    }

    @Test("SDL defaults are coerced for their type")
    func defaults() {
        let constant = F.constant(.list([F.constant(.enumValue("RED")), F.constant(.enumValue("BLUE"))]))
        #expect(InputCoercion.coerceDefault(constant, to: .list(.named("Color")), schema: schema) == .list([.string("RED"), .string("BLUE")]))
        #expect(InputCoercion.coerceDefault(F.constant(.int("1")), to: .named("String"), schema: schema) == nil)
    }

    @Test("leaf literals report their scalar's message for validation")
    func leafMessages() {
        let int = NamedType.scalar(ScalarType(name: "Int"))
        #expect(throws: CoercionFailure("Int cannot represent non-integer value: \"x\"")) {
            try InputCoercion.parseLeafLiteral(F.string("x"), type: int)
        }
        #expect(throws: CoercionFailure("Enum \"Color\" cannot represent non-enum value: \"RED\". Did you mean the enum value \"RED\" or \"GREEN\"?")) {
            try InputCoercion.parseLeafLiteral(F.string("RED"), type: .enumeration(CoercionFixtures.color))
        }
        #expect(throws: CoercionFailure("Value \"BLU\" does not exist in \"Color\" enum. Did you mean the enum value \"BLUE\"?")) {
            try InputCoercion.parseLeafLiteral(F.enumValue("BLU"), type: .enumeration(CoercionFixtures.color))
        }
    }
}
