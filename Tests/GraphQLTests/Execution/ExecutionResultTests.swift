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
}
