import Testing

@testable import GraphQL

@Suite("Field collection")
struct FieldCollectionTests {
    @Test("fields keep the order of their first occurrence, merged fields at the first one")
    func mergedFieldsKeepFirstPosition() throws {
        let json = try Kitchen.run(
            """
            { recipe(id: "r1") { name id } hello recipe(id: "r1") { tags name } }
            """)
        #expect(json == #"{"data":{"recipe":{"name":"Recipe 1","id":"r1","tags":["quick"]},"hello":"world"}}"#)
    }

    @Test("aliases give the same field several response keys")
    func aliases() throws {
        let json = try Kitchen.run(#"{ a: number(value: 1) b: number(value: 2) hello }"#)
        #expect(json == #"{"data":{"a":1,"b":2,"hello":"world"}}"#)
    }

    @Test("fragment spreads and inline fragments expand in place")
    func fragments() throws {
        let json = try Kitchen.run(
            """
            { recipe(id: "r1") { ...Names ... on Recipe { tags } ... { rating } } }
            fragment Names on Recipe { id name }
            """)
        #expect(json == #"{"data":{"recipe":{"id":"r1","name":"Recipe 1","tags":["quick"],"rating":5}}}"#)
    }

    @Test("@skip and @include follow literals and variables")
    func skipAndInclude() throws {
        let query = """
            query ($yes: Boolean!, $no: Boolean!) {
              a: hello @skip(if: $yes)
              b: hello @skip(if: $no)
              c: hello @include(if: $yes)
              d: hello @include(if: $no)
              e: hello @include(if: true) @skip(if: true)
              ... @include(if: $no) { f: hello }
              ...Frag @skip(if: $no)
            }
            fragment Frag on Query { g: hello }
            """
        let json = try Kitchen.run(query, variables: ["yes": .bool(true), "no": .bool(false)])
        #expect(json == #"{"data":{"b":"world","c":"world","g":"world"}}"#)
    }

    @Test("fragments on an abstract type apply only to objects of a matching concrete type")
    func abstractFragments() throws {
        let json = try Kitchen.run(
            """
            {
              feed {
                __typename
                ... on Node { id }
                ... on Recipe { name }
                ... on Dish { title }
              }
            }
            """)
        #expect(
            json
                == #"{"data":{"feed":[{"__typename":"Recipe","id":"r1","name":"Recipe 1"},{"__typename":"Dish","id":"d1","title":"Dumplings"}]}}"#
        )
    }

    @Test("the concrete type comes from the registered Swift type or the resolver's name")
    func concreteTypes() throws {
        let json = try Kitchen.run(
            """
            { user: node(id: "u1") { __typename id ... on User { name } }
              dish: node(id: "d1") { __typename ... on Dish { title } } }
            """)
        #expect(
            json
                == #"{"data":{"user":{"__typename":"User","id":"u1","name":"Ann"},"dish":{"__typename":"Dish","title":"Dumplings"}}}"#
        )
    }

    @Test("a concrete type outside the abstract type is an error")
    func impossibleConcreteType() throws {
        let json = try Kitchen.run(#"{ node(id: "x") { id } }"#)
        #expect(
            json
                == #"{"errors":[{"message":"Runtime Object type \"Step\" is not a possible type for \"Node\".","locations":[{"line":1,"column":3}],"path":["node"],"extensions":{"code":"INTERNAL"}}],"data":{"node":null}}"#
        )
    }

    @Test("__typename works on the query and mutation roots")
    func typenameOnRoots() throws {
        #expect(try Kitchen.run("{ __typename }") == #"{"data":{"__typename":"Query"}}"#)
        #expect(
            try Kitchen.run("mutation { __typename add(amount: 2) }")
                == #"{"data":{"__typename":"Mutation","add":2}}"#)
    }

    @Test("an unvalidated document with a fragment cycle and unknown fields still completes")
    func unvalidatedDocument() throws {
        let json = try Kitchen.run(
            """
            { ...A nope hello }
            fragment A on Query { hello ...B }
            fragment B on Query { ...A }
            """)
        #expect(json == #"{"data":{"hello":"world"}}"#)
    }
}
