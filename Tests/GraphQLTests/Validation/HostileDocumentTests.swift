import Testing
@testable import GraphQL

/// Documents built to exhaust a validator: long fragment chains must be handled without
/// deep recursion, and their results must still be graphql-js's where it has one.
@Suite("Validation of hostile documents")
struct HostileDocumentTests {
    let schema: Schema

    init() throws {
        schema = try testSchema(
            petSchemaSDL
                + "\ntype Subscription { dogAdded: Dog catAdded: Cat }\nextend type Dog { mother: Dog }\n")
    }

    /// `fragment F0 on <type> { <body> ...F1 }` … down to `F<count>`.
    func chain(of count: Int, on type: String, body: String) -> String {
        var text = ""
        for index in 0..<count {
            text += "fragment F\(index) on \(type) { \(body) ...F\(index + 1) }\n"
        }
        return text + "fragment F\(count) on \(type) { \(body) }\n"
    }

    @Test("a chain of a thousand fragments validates under every rule")
    func longChainValidates() throws {
        let text = "{ dog { ...F0 } }\n" + chain(of: 1000, on: "Dog", body: "name")
        let errors = try validationErrors(text, schema: schema)
        #expect(errors.isEmpty, "\(errors.prefix(3))")
    }

    @Test("a cycle at the end of a long chain is found")
    func cycleAfterLongChain() throws {
        var text = "{ dog { ...F0 } }\n"
        for index in 0..<1000 { text += "fragment F\(index) on Dog { name ...F\(index + 1) }\n" }
        text += "fragment F1000 on Dog { name ...F999 }\n"
        let errors = try validationErrors(text, schema: schema, rules: ["NoFragmentCyclesRule"])
        #expect(
            errors.map(\.message) == ["Cannot spread fragment \"F999\" within itself via \"F1000\"."])
    }

    @Test("a subscription's fields are collected through a long chain of fragments")
    func subscriptionThroughLongChain() throws {
        let text =
            "subscription S { ...F0 }\n"
            + chain(of: 1000, on: "Subscription", body: "dogAdded { name }")
            + "fragment Extra on Subscription { catAdded { name } }"
        let valid = try validationErrors(
            text, schema: schema, rules: ["SingleFieldSubscriptionsRule"])
        #expect(valid.isEmpty)
        let twoFields = text.replacing(
            "fragment F1000 on Subscription { dogAdded { name } }",
            with: "fragment F1000 on Subscription { dogAdded { name } ...Extra }")
        let errors = try validationErrors(
            twoFields, schema: schema, rules: ["SingleFieldSubscriptionsRule"])
        #expect(errors.map(\.message) == ["Subscription \"S\" must select only one top level field."])
    }

    @Test("introspection through a hostile chain of fragments counts as too deep")
    func introspectionThroughLongChain() throws {
        let text =
            "{ __schema { types { ...F0 } } }\n" + chain(of: 1000, on: "__Type", body: "name")
        let errors = try validationErrors(text, schema: schema, rules: ["MaxIntrospectionDepthRule"])
        #expect(errors.map(\.message) == ["Maximum introspection depth exceeded"])
        let shortChain =
            "{ __schema { types { ...F0 } } }\n" + chain(of: 20, on: "__Type", body: "name")
        #expect(
            try validationErrors(shortChain, schema: schema, rules: ["MaxIntrospectionDepthRule"])
                .isEmpty)
    }

    /// `count` chains of `length` fragments, all spread side by side; each fragment selects
    /// `body(chain, index)`.
    func chains(_ count: Int, of length: Int, body: (Int, Int) -> String) -> String {
        var text = "{ dog { " + (0..<count).map { "...C\($0)_0 " }.joined() + "} }\n"
        for chain in 0..<count {
            for index in 0..<length {
                text += "fragment C\(chain)_\(index) on Dog { \(body(chain, index)) ...C\(chain)_\(index + 1) }\n"
            }
            text += "fragment C\(chain)_\(length) on Dog { \(body(chain, length)) }\n"
        }
        return text
    }

    @Test("identical fragment chains spread side by side are compared once per depth pair")
    func identicalChainsSideBySide() throws {
        let text = chains(10, of: 100) { _, _ in "name" }
        let errors = try validationErrors(
            text, schema: schema, rules: ["OverlappingFieldsCanBeMergedRule"])
        #expect(errors.isEmpty)
    }

    @Test("distinct fragment chains spread together beyond the work limit are refused")
    func tooManyComparisonsRefused() throws {
        let text = chains(6, of: 200) { chain, index in "c\(chain)_\(index): name" }
        let errors = try validationErrors(
            text, schema: schema, rules: ["OverlappingFieldsCanBeMergedRule"])
        #expect(errors.map(\.message) == [OverlappingFieldsCanBeMergedRule.tooComplex()])
    }

    @Test("sub-selections nested through a thousand fragments are refused, not recursed into")
    func deepSubselectionsThroughFragments() throws {
        var text = "{ dog { ...F0 } dog { ...G0 } }\n"
        for index in 0..<1000 {
            text += "fragment F\(index) on Dog { mother { ...F\(index + 1) } }\n"
            text += "fragment G\(index) on Dog { mother { ...G\(index + 1) } }\n"
        }
        text += "fragment F1000 on Dog { name }\nfragment G1000 on Dog { name }\n"
        let errors = try validationErrors(text, schema: schema)
        #expect(errors.map(\.message) == [OverlappingFieldsCanBeMergedRule.tooComplex()])
    }
}
