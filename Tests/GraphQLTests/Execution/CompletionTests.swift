import Testing

@testable import GraphQL

@Suite("Value completion")
struct CompletionTests {
    @Test("a null for a non-null root field makes data null")
    func nonNullRootField() throws {
        let json = try Kitchen.run("{ hello required }")
        #expect(
            json
                == #"{"errors":[{"message":"Cannot return null for non-nullable field Query.required.","locations":[{"line":1,"column":9}],"path":["required"],"extensions":{"code":"INTERNAL"}}],"data":null}"#
        )
    }

    @Test("a null for a non-null field nulls the nearest nullable parent")
    func nestedPropagation() throws {
        let context = Kitchen.Context()
        context.authorNames["u1"] = .some(nil)
        let json = try Kitchen.run(
            #"{ hello recipe(id: "r1") { name author { name } } }"#, context: context)
        #expect(
            json
                == #"{"errors":[{"message":"Cannot return null for non-nullable field Recipe.author.","locations":[{"line":1,"column":33}],"path":["recipe","author"],"extensions":{"code":"INTERNAL"}}],"data":{"hello":"world","recipe":null}}"#
        )
    }

    @Test("a null non-null item nulls its list, and the error path has the indices")
    func nonNullItemsInLists() throws {
        let json = try Kitchen.run("{ recipes { name steps { text } } }")
        #expect(
            json
                == #"{"errors":[{"message":"Cannot return null for non-nullable field Step.text.","locations":[{"line":1,"column":26}],"path":["recipes",2,"steps",1,"text"],"extensions":{"code":"INTERNAL"}}],"data":null}"#
        )
    }

    @Test("nested lists: a null non-null item nulls only its inner list")
    func nestedLists() throws {
        let json = try Kitchen.run("{ matrix }")
        #expect(
            json
                == #"{"errors":[{"message":"Cannot return null for non-nullable field Query.matrix.","locations":[{"line":1,"column":3}],"path":["matrix",2,1],"extensions":{"code":"INTERNAL"}}],"data":{"matrix":[[1,2],null,null]}}"#
        )
    }

    @Test("only the first of several nulls propagating to the same position is reported")
    func oneErrorPerNulledPosition() throws {
        let context = Kitchen.Context()
        context.authorNames["u0"] = .some(nil)
        let result = try Kitchen.execute("{ recipes { author { name } } }", context: context)
        #expect(result.data == .null)
        #expect(result.errors.map(\.path) == [[.key("recipes"), .index(0), .key("author")]])
    }

    @Test("an Int outside 32 bits is a field error")
    func intOutOfRange() throws {
        let json = try Kitchen.run("{ big hello }")
        #expect(
            json
                == #"{"errors":[{"message":"Int cannot represent non 32-bit signed integer value: 3000000000","locations":[{"line":1,"column":3}],"path":["big"],"extensions":{"code":"INTERNAL"}}],"data":{"big":null,"hello":"world"}}"#
        )
    }

    @Test("an enum value the enum does not have is a field error")
    func unknownEnumValue() throws {
        let result = try Kitchen.execute(#"{ red: color(name: "RED") blue: color(name: "BLUE") }"#)
        #expect(result.data == .object(["red": .string("RED"), "blue": .null]))
        #expect(result.errors.map(\.message) == [#"Enum "Color" cannot represent value: "BLUE""#])
    }

    @Test("a list field given a single value is an error")
    func notIterable() throws {
        let result = try Kitchen.execute("{ mismatched }")
        #expect(result.errors.map(\.message) == [#"Expected Iterable, but did not find one for field "Query.mismatched"."#])
        #expect(result.data == .object(["mismatched": .null]))
    }

    @Test("null items of a nullable list stay null")
    func nullableItems() throws {
        let result = try Kitchen.execute(#"{ recipe(id: "r1") { tags } }"#)
        #expect(result.data == .object(["recipe": .object(["tags": .list([.string("quick")])])]))
        #expect(result.errors.isEmpty)
    }

    @Test("errors are listed in response order, whatever level they happened at")
    func errorsInResponseOrder() throws {
        let context = Kitchen.Context()
        context.authorNames["u1"] = .some(nil)
        let result = try Kitchen.execute(
            #"{ a: failing recipe(id: "r1") { author { name } } b: failing }"#, context: context)
        #expect(
            result.errors.map(\.path) == [
                [.key("a")], [.key("recipe"), .key("author")], [.key("b")],
            ])
    }
}
