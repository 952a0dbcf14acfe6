import Testing

@testable import GraphQL

@Suite("Response JSON")
struct ExecutionResultTests {
    @Test("strings are escaped and non-ASCII text stays UTF-8")
    func escapes() throws {
        let json = try Kitchen.run(
            #"{ echo(text: "say \"hi\"\\\n\t红烧 😀 \u0001") }"#)
        #expect(json == #"{"data":{"echo":"{\"text\":\"say \\\"hi\\\"\\\\\\n\\t红烧 😀 \\u0001\",\"count\":7}"}}"#)
    }

    @Test("keys are written in query order, aliases included")
    func keyOrder() throws {
        let json = try Kitchen.run(#"{ z: hello a: number(value: 1) m: __typename }"#)
        #expect(json == #"{"data":{"z":"world","a":1,"m":"Query"}}"#)
    }

    @Test("a request error has no data entry")
    func requestErrorsOnly() {
        let result = ExecutionResult(errors: [GraphQLError("Bad", code: .badRequest)])
        #expect(
            String(decoding: result.jsonBytes(), as: UTF8.self)
                == #"{"errors":[{"message":"Bad","extensions":{"code":"BAD_REQUEST"}}]}"#)
        #expect(result.data == nil)
    }

    @Test("the data tree and the bytes agree")
    func treeAndBytesAgree() throws {
        let result = try Kitchen.execute(#"{ recipe(id: "r1") { name steps { number } } }"#)
        #expect(
            String(decoding: result.jsonBytes(), as: UTF8.self)
                == String(decoding: JSONWriter.encode(.object(["data": result.data ?? .null])), as: UTF8.self))
    }

    @Test("every kind of leaf reads back through data as the value it was, and is written as JSON")
    func leavesReadBack() throws {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("text") { _, _ in "say \"hi\"\n红烧 😀 \u{01}" }
            query.field("count") { _, _ in -42 }
            query.field("flag") { _, _ in true }
            query.field("whole") { _, _ in 3.0 }
            query.field("ratio") { _, _ in 0.25 }
            query.field("nothing") { _, _ -> String? in nil }
            query.field("blob") { _, _ in Value.object(["a": .float(1.0), "b": .list([.int(2), .string("x")])]) }
        }
        resolvers.scalar("Blob", ScalarCoercion(parseValue: { $0 }, parseLiteral: { $0 }, serialize: { $0 }))
        let bound = try resolvers.bind(to: SchemaBuilder.build(sdl: """
            scalar Blob
            type Query { text: String, count: Int!, flag: Boolean, whole: Float, ratio: Float, nothing: String, blob: Blob }
            """))
        let result = bound.execute(
            try Parser.parse(Source("{ text count flag whole ratio nothing blob __typename }")).executable, context: ())
        #expect(result.data == .object([
            "text": .string("say \"hi\"\n红烧 😀 \u{01}"), "count": .int(-42), "flag": .bool(true),
            "whole": .float(3.0), "ratio": .float(0.25), "nothing": .null,
            "blob": .object(["a": .float(1.0), "b": .list([.int(2), .string("x")])]), "__typename": .string("Query"),
        ]))
        #expect(String(decoding: result.jsonBytes(), as: UTF8.self) == #"{"data":{"text":"say \"hi\"\n红烧 😀 \u0001","count":-42,"flag":true,"whole":3,"ratio":0.25,"nothing":null,"blob":{"a":1,"b":[2,"x"]},"__typename":"Query"}}"#)
    }
}
