import Testing

@testable import GraphQL

@Suite("Subscriptions: source preparation and event execution")
struct SubscriptionTests {
    static let sdl = """
        type Query { ok: Boolean }
        type Subscription { ticked(every: Int! = 1): Tick! other: Int }
        type Tick { n: Int! doubled: Int! }
        """

    struct Tick { let n: Int }

    func bound() throws -> BoundSchema<Void> {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { $0.field("ok") { _, _ in true } }
        resolvers.type("Subscription", parent: Tick.self) { subscription in
            subscription.field("ticked", reading: []) { tick, _, _ in Resolved.object(tick, type: "Tick") }
            subscription.field("other") { tick, _, _ in tick.n }
        }
        resolvers.type("Tick", parent: Tick.self) { tick in
            tick.property("n") { $0.n }
            tick.property("doubled") { $0.n * 2 }
        }
        return try resolvers.bind(to: try SchemaBuilder.build(sdl: Self.sdl))
    }

    func prepared(_ text: String) throws -> PreparedDocument {
        PreparedDocument(validated: try Parser.parse(Source(text)).executable)
    }

    @Test("the root field and its coerced arguments are named, with variables applied")
    func preparation() throws {
        let schema = try bound()
        let document = try prepared("subscription S($e: Int!) { t: ticked(every: $e) { n } }")
        guard case .ready(let subscription) = schema.prepareSubscription(document, variables: ["e": .int(5)]) else {
            Issue.record("not prepared")
            return
        }
        #expect(subscription.fieldName == "ticked")
        #expect(subscription.arguments.int("every") == 5)
    }

    @Test("each event executes the selection set with the event as root value")
    func eventExecution() throws {
        let schema = try bound()
        guard case .ready(let subscription) = schema.prepareSubscription(
            try prepared("subscription { t: ticked { n doubled } }"))
        else {
            Issue.record("not prepared")
            return
        }
        let first = schema.executeSubscriptionEvent(subscription, event: Tick(n: 1), context: ())
        let second = schema.executeSubscriptionEvent(subscription, event: Tick(n: 21), context: ())
        #expect(String(decoding: first.jsonBytes(), as: UTF8.self) == #"{"data":{"t":{"n":1,"doubled":2}}}"#)
        #expect(String(decoding: second.jsonBytes(), as: UTF8.self) == #"{"data":{"t":{"n":21,"doubled":42}}}"#)
    }

    @Test("a query, a missing variable, or an unknown operation name is rejected")
    func rejections() throws {
        let schema = try bound()
        func message(_ text: String, name: String? = nil) throws -> String? {
            guard case .rejected(let errors) = schema.prepareSubscription(try prepared(text), operationName: name)
            else { return nil }
            return errors.first?.message
        }
        #expect(try message("{ ok }") == "Only a subscription operation can be served as an event stream.")
        #expect(try message("subscription ($e: Int!) { ticked(every: $e) { n } }")?.contains("$e") == true)
        #expect(try message("subscription A { other }", name: "B") == "Unknown operation named \"B\".")
    }

    @Test("an error while the source stream is made is located at the root field, with its response key as path")
    func sourceStreamErrorsAreLocated() throws {
        let schema = try bound()
        let (text, at) = unmarkAll("subscription ($e: Int) {\n  ▸t: ticked(every: ▸$e) { n }\n  ▸t: ticked(every: $e) { doubled }\n}")
        // The argument's own location is kept; the path is the root field's.
        guard case .rejected(let errors) = schema.prepareSubscription(try prepared(text), variables: ["e": .null])
        else {
            Issue.record("a null for a non-null argument was accepted")
            return
        }
        #expect(errors.map(\.message) == [#"Argument "every" of non-null type "Int!" must not be null."#])
        #expect(errors.first?.locations == [at[1]])
        #expect(errors.first?.path == [.key("t")])
        // What the application raises while opening the stream gets every selection of the field.
        guard case .ready(let subscription) = schema.prepareSubscription(try prepared(text), variables: ["e": .int(2)])
        else {
            Issue.record("not prepared")
            return
        }
        let refused = subscription.locatedAtRootField(GraphQLError("No viewer.", code: .unauthenticated))
        #expect(refused.message == "No viewer.")
        #expect(refused.locations == [at[0], at[2]])
        #expect(refused.path == [.key("t")])
        #expect(refused.code == "UNAUTHENTICATED")
        // An error that has a path already is left as it is.
        let placed = GraphQLError("Elsewhere.", path: [.key("x")])
        #expect(subscription.locatedAtRootField(placed) == placed)
    }
}
