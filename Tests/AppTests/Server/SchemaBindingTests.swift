import Foundation
import GraphQL
import Testing

@testable import App

/// Kitchen refuses to start unless `Schema.graphql` and its resolvers agree exactly.
@Suite("Schema binding")
struct SchemaBindingTests {
    static var schemaText: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("Schema.graphql"), encoding: .utf8)
        }
    }

    @Test("every field of Schema.graphql has a resolver and every resolver a field")
    func productBinds() throws {
        _ = try KitchenSchema.bind(sdl: Self.schemaText, path: "Schema.graphql")
    }

    @Test("a schema field without a resolver stops the start, named in the message")
    func missingResolver() throws {
        let sdl = try Self.schemaText.replacingOccurrences(
            of: "type Query {", with: "type Query {\n  \"An extra field.\"\n  weather: String")
        #expect {
            _ = try KitchenSchema.bind(sdl: sdl, path: "Schema.graphql")
        } throws: { error in
            "\(error)".contains("no resolver for Query.weather")
        }
    }

    @Test("a resolver whose field is gone from the schema stops the start, named in the message")
    func extraResolver() throws {
        let sdl = try Self.schemaText.replacingOccurrences(
            of: "  search(\n    \"What to look for", with: "  searchGone(\n    \"What to look for")
        #expect {
            _ = try KitchenSchema.bind(sdl: sdl, path: "Schema.graphql")
        } throws: { error in
            let text = "\(error)"
            return text.contains("resolver for Query.search, which the schema does not have")
                && text.contains("no resolver for Query.searchGone")
        }
    }

    @Test("a resolver reading an argument the schema does not declare stops the start, every one named")
    func unknownArgument() throws {
        // The schema renames addComment's targetId; the resolver still reads "targetId", and
        // mentionCandidates' too: both are named, with the arguments the schema has.
        let sdl = try Self.schemaText
            .replacingOccurrences(of: "  addComment(\n    \"The thread", with: "  addComment(\n    \"The thread, renamed")
            .replacingOccurrences(of: "    targetId: ID!\n    \"The comment:", with: "    threadId: ID!\n    \"The comment:")
            .replacingOccurrences(of: "    targetId: ID!\n    \"What the user typed", with: "    threadId: ID!\n    \"What the user typed")
        #expect {
            _ = try KitchenSchema.bind(sdl: sdl, path: "Schema.graphql")
        } throws: { error in
            let text = "\(error)"
            return text.contains(
                "resolver for Mutation.addComment reads the argument \"targetId\", which the schema does not declare (it has threadId, text, replyToId)")
                && text.contains(
                    "resolver for Query.mentionCandidates reads the argument \"targetId\", which the schema does not declare (it has threadId, prefix, first)")
        }
    }

    @Test("an invalid schema is reported with file, line and column")
    func invalidSchema() {
        #expect {
            _ = try KitchenSchema.bind(sdl: "type Query { a: Nope }", path: "bad.graphql")
        } throws: { error in
            "\(error)".contains("bad.graphql:1:17: Unknown type \"Nope\".")
        }
    }
}
