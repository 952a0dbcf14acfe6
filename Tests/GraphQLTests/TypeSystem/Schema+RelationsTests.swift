import Testing
@testable import GraphQL

struct SchemaRelationsTests {
    private static let schema = try! SchemaBuilder.build(sdl: """
        type Query { a: I }
        interface I { a: String }
        interface J implements I { a: String }
        type O implements I & J { a: String }
        type P { a: String }
        union U = O | P
        input In { a: Int }
        enum E { X }
        """)

    @Test("input and output types see through wrappers")
    func inputAndOutput() {
        let schema = Self.schema
        #expect(schema.isInputType(.nonNull(.list(.named("In")))))
        #expect(schema.isInputType(.named("E")))
        #expect(!schema.isInputType(.named("O")))
        #expect(schema.isOutputType(.list(.named("U"))))
        #expect(!schema.isOutputType(.named("In")))
        #expect(!schema.isInputType(.named("Unknown")))
        #expect(schema.inputType(of: .list(.named("In")))?.name == "In")
        #expect(schema.namedType(of: .nonNull(.named("P")))?.name == "P")
    }

    @Test("non-null may stand for nullable, not the other way")
    func nonNullSubtyping() {
        let schema = Self.schema
        #expect(schema.isTypeSubTypeOf(maybeSubType: .nonNull(.named("Int")), superType: .named("Int")))
        #expect(!schema.isTypeSubTypeOf(maybeSubType: .named("Int"), superType: .nonNull(.named("Int"))))
    }

    @Test("lists match lists item by item")
    func listSubtyping() {
        let schema = Self.schema
        #expect(schema.isTypeSubTypeOf(maybeSubType: .list(.nonNull(.named("O"))), superType: .list(.named("I"))))
        #expect(!schema.isTypeSubTypeOf(maybeSubType: .named("O"), superType: .list(.named("O"))))
        #expect(!schema.isTypeSubTypeOf(maybeSubType: .list(.named("O")), superType: .named("O")))
    }

    @Test("objects and interfaces are subtypes of what they implement or belong to")
    func abstractSubtyping() {
        let schema = Self.schema
        #expect(schema.isTypeSubTypeOf(maybeSubType: .named("O"), superType: .named("I")))
        #expect(schema.isTypeSubTypeOf(maybeSubType: .named("J"), superType: .named("I")))
        #expect(schema.isTypeSubTypeOf(maybeSubType: .named("P"), superType: .named("U")))
        #expect(!schema.isTypeSubTypeOf(maybeSubType: .named("P"), superType: .named("I")))
        #expect(!schema.isTypeSubTypeOf(maybeSubType: .named("I"), superType: .named("O")))
        #expect(!schema.isTypeSubTypeOf(maybeSubType: .named("Int"), superType: .named("Float")))
    }

    @Test("types are equal when wrappers and name match")
    func equality() {
        #expect(Self.schema.areTypesEqual(.list(.named("O")), .list(.named("O"))))
        #expect(!Self.schema.areTypesEqual(.list(.named("O")), .nonNull(.list(.named("O")))))
    }
}
