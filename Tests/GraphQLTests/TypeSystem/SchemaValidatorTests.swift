import Testing
@testable import GraphQL

/// Section 3's type validation, with graphql-js 16's messages and locations (checked
/// against graphql-core's `validate_schema`).
struct SchemaValidatorTests {
    private func errors(_ sdl: String) -> [String] { TypeSystemFixtures.buildErrors(sdl) }

    @Test("a valid schema has no errors")
    func validSchema() {
        #expect(errors("""
            schema { query: Q }
            type Q { a(x: In = {a: 1}): I }
            interface I { a: String }
            type O implements I { a: String }
            input In { a: Int! b: In }
            union U = O
            """) == [])
    }

    @Test("a query root type is required")
    func queryRootRequired() {
        #expect(errors("type Mutation { a: String }") == ["Query root type must be provided."])
        #expect(errors("schema { mutation: M }\ntype M { a: String }")
            == ["Query root type must be provided. @ 1:1"])
        #expect(errors("type M { a: String }\nextend schema { mutation: M }")
            == ["Query root type must be provided."])
    }

    @Test("root types must be object types")
    func rootTypesAreObjects() {
        #expect(errors("input Query { a: String }")
            == ["Query root type must be Object type, it cannot be Query. @ 1:1"])
        #expect(errors("""
            schema {
              query: Q
              mutation: I
              subscription: I
            }
            type Q { a: String }
            input I { a: String }
            """) == [
            "Mutation root type must be Object type if provided, it cannot be I. @ 3:13",
            "Subscription root type must be Object type if provided, it cannot be I. @ 4:17",
        ])
    }

    @Test("root types must be different types (section 3.3.1)")
    func distinctRootTypes() {
        #expect(errors("schema { query: Q mutation: Q subscription: Q }\ntype Q { a: String }") == [
            "All root types must be different, \"Q\" type is used as query, mutation, and "
                + "subscription root types. @ 1:17, 1:29, 1:45",
        ])
        #expect(errors("schema { query: Q mutation: M subscription: M }\ntype Q { a: String }\ntype M { a: String }") == [
            "All root types must be different, \"M\" type is used as mutation and subscription "
                + "root types. @ 1:29, 1:45",
        ])
    }

    @Test("names beginning with __ are reserved, directives reported first")
    func reservedNames() {
        let reserved = "must not begin with \"__\", which is reserved by GraphQL introspection."
        #expect(errors("""
            type Query { __a(__b: String): String }
            type __T { a: String }
            enum E { __V }
            input In { __f: String }
            directive @__d(__x: Int) on FIELD
            """) == [
            "Name \"__d\" \(reserved) @ 5:1", "Name \"__x\" \(reserved) @ 5:16",
            "Name \"__a\" \(reserved) @ 1:14", "Name \"__b\" \(reserved) @ 1:18",
            "Name \"__T\" \(reserved) @ 2:1", "Name \"__V\" \(reserved) @ 3:10",
            "Name \"__f\" \(reserved) @ 4:12",
        ])
    }

    @Test("objects and interfaces need fields, pointing at the definition and extensions")
    func typesNeedFields() {
        #expect(errors("""
            directive @tag on OBJECT | INTERFACE
            type Query { a: Empty b: EmptyI }
            type Empty
            interface EmptyI
            extend type Empty @tag
            """) == [
            "Type Empty must define one or more fields. @ 3:1, 5:1",
            "Type EmptyI must define one or more fields. @ 4:1",
        ])
    }

    @Test("fields have output types and arguments input types")
    func inputAndOutputTypes() {
        #expect(errors("""
            type Query { a: In, b(x: Query): String }
            input In { a: Query }
            directive @d(x: Query) on FIELD
            """) == [
            "The type of @d(x:) must be Input Type but got: Query. @ 3:14",
            "The type of Query.a must be Output Type but got: In. @ 1:17",
            "The type of Query.b(x:) must be Input Type but got: Query. @ 1:26",
            "The type of In.a must be Input Type but got: Query. @ 2:15",
        ])
    }

    @Test("an implementation must provide each interface field")
    func missingInterfaceField() {
        #expect(errors("""
            type Query { a: I }
            interface I { x: String y: Int }
            type O implements I { x: String }
            """) == ["Interface field I.y expected but O does not provide it. @ 2:25, 3:1"])
    }

    @Test("implementing field types must be covariant")
    func covariantFieldTypes() {
        #expect(errors("""
            type Query { a: I }
            interface I { x: String y: [I] z: I! }
            type O implements I { x: Int y: [O!]! z: O! }
            """) == ["Interface field I.x expects type String but O.x is type Int. @ 2:18, 3:26"])
    }

    @Test("implementing field arguments must match, and extra ones be optional")
    func interfaceArguments() {
        #expect(errors("""
            type Query { a: I }
            interface I { x(a: Int, b: String): String }
            type O implements I { x(a: String, c: Int!, d: Int): String }
            """) == [
            "Interface field argument I.x(a:) expects type Int but O.x(a:) is type String. @ 2:20, 3:28",
            "Interface field argument I.x(b:) expected but O.x does not provide it. @ 2:25, 3:23",
            "Object field O.x includes required argument c that is missing from the Interface field I.x. @ 3:36, 2:15",
        ])
    }

    @Test("interfaces of interfaces must be declared too")
    func transitiveInterfaces() {
        #expect(errors("""
            type Query { a: A }
            interface A { a: String }
            interface B implements A { a: String }
            type O implements B { a: String }
            """) == ["Type O must implement A because it is implemented by B. @ 3:24, 4:19"])
    }

    @Test("an interface cannot implement itself, directly or in a cycle")
    func selfImplementation() {
        #expect(errors("type Query { a: I }\ninterface I implements I { a: String }")
            == ["Type I cannot implement itself because it would create a circular reference. @ 2:24"])
        #expect(errors("""
            type Query { a: A }
            interface A implements B { a: String }
            interface B implements A { a: String }
            """) == [
            "Type A cannot implement B because it would create a circular reference. @ 3:24, 2:24",
            "Type B cannot implement A because it would create a circular reference. @ 2:24, 3:24",
        ])
    }

    @Test("only interfaces can be implemented, each once")
    func implementsOnlyInterfacesOnce() {
        #expect(errors("type Query { a: String }\ntype O implements Query & Query { a: String }") == [
            "Type O must only implement Interface types, it cannot implement Query. @ 2:19, 2:27",
            "Type O must only implement Interface types, it cannot implement Query. @ 2:19, 2:27",
        ])
        #expect(errors("type Query { a: String }\ninterface I { a: String }\ntype O implements I & I { a: String }")
            == ["Type O can only implement I once. @ 3:19, 3:23"])
    }

    @Test("union members are object types, at least one, each once")
    func unionMembers() {
        #expect(errors("""
            directive @tag on UNION
            type Query { a: U }
            type A { a: String }
            union U = A | String | A
            union E
            extend union E @tag
            """) == [
            "Union type U can only include Object types, it cannot include String. @ 4:15",
            "Union type U can only include type A once. @ 4:11, 4:24",
            "Union type E must define one or more member types. @ 5:1, 6:1",
        ])
    }

    @Test("enums need values")
    func enumsNeedValues() {
        #expect(errors("type Query { a: E }\nenum E") == ["Enum type E must define one or more values. @ 2:1"])
    }

    @Test("input objects need fields of input types")
    func inputObjectFields() {
        #expect(errors("""
            type Query { a(x: In): String }
            input In
            input Bad { a: Query }
            """) == [
            "Input Object type In must define one or more fields. @ 2:1",
            "The type of Bad.a must be Input Type but got: Query. @ 3:16",
        ])
    }

    @Test("an input object cannot contain itself through non-null fields")
    func inputObjectCycles() {
        #expect(errors("""
            type Query { a(x: A): String }
            input A { b: B! self: A }
            input B { c: C! }
            input C { a: A! d: [A!]! }
            """) == [
            "Cannot reference Input Object \"A\" within itself through a series of non-null fields: \"b.c.a\". @ 2:11, 3:11, 4:11",
        ])
        #expect(errors("type Query { a(x: A): String }\ninput A { self: A! }") == [
            "Cannot reference Input Object \"A\" within itself through a series of non-null fields: \"self\". @ 2:11",
        ])
    }

    @Test("a long chain of input objects is searched without deep recursion")
    func longInputChain() {
        let count = 5000
        var sdl = "type Query { a(x: I0): String }\n"
        for index in 0..<count {
            sdl += "input I\(index) { next: I\(index + 1)! }\n"
        }
        sdl += "input I\(count) { last: Last! }\ninput Last { again: Last! }"
        #expect(errors(sdl) == [
            "Cannot reference Input Object \"Last\" within itself through a series of non-null "
                + "fields: \"again\". @ \(count + 3):14",
        ])
    }

    @Test("oneOf fields are nullable and have no defaults")
    func oneOfFields() {
        #expect(errors("type Query { a(x: O): String }\ninput O @oneOf { a: String! b: Int = 3 c: ID }") == [
            "OneOf input field O.a must be nullable. @ 2:21",
            "OneOf input field O.b cannot have a default value. @ 2:29",
        ])
    }

    @Test("required arguments and input fields cannot be deprecated")
    func deprecatedRequired() {
        #expect(errors("""
            type Query { a(x: Int! @deprecated, y: Int! = 1 @deprecated): String }
            input In { a: Int! @deprecated(reason: "no") b: Int @deprecated }
            directive @d(x: Int! @deprecated) on FIELD
            """) == [
            "Required argument @d(x:) cannot be deprecated. @ 3:22, 3:17",
            "Required argument Query.a(x:) cannot be deprecated. @ 1:24, 1:19",
            "Required input field In.a cannot be deprecated. @ 2:20, 2:15",
        ])
    }

    @Test("a schema built in code is checked too, without locations")
    func schemaBuiltInCode() {
        let schema = Schema(
            queryType: "Query",
            types: [
                .object(ObjectType(name: "Query", fields: [])),
                .enumeration(EnumType(name: "E", values: [EnumValueInfo(name: "true")])),
            ],
            directives: [DirectiveInfo(name: "empty", locations: [])])
        #expect(TypeSystemFixtures.render(SchemaValidator.validate(schema)) == [
            "Directive @empty must include 1 or more locations.",
            "Type Query must define one or more fields.",
            "Enum type E cannot include value: true.",
        ])
    }
}
