import Foundation
import GraphQL
import Testing
@testable import App

@Suite("kitchen check")
struct CheckCommandTests {
    @Test("a valid document exits 0 with one OK line and nothing on standard error")
    func valid() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let run = runKitchen(["check", "--schema", schema, files.write("q.graphql", "{ pets { id name } }")])
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        #expect(run.out == "ok: 1 document valid against \(schema)\n")
    }

    @Test("each validation error is FILE:LINE:COLUMN: message on standard error, exit 1")
    func invalid() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let document = marked("{\n  pets { ^weight }\n  ^pet { id }\n}")
        let path = files.write("q.graphql", document.text)
        let run = runKitchen(["check", "--schema", schema, path])
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        let (age, pet) = (document.locations[0], document.locations[1])
        #expect(run.errorLines == [
            "\(path):\(age.line):\(age.column): Cannot query field \"weight\" on type \"Pet\".",
            "\(path):\(pet.line):\(pet.column): Field \"pet\" argument \"id\" of type \"ID!\" is required, but it was not provided.",
        ])
    }

    @Test("an error with several locations lists the others after the message")
    func severalLocations() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let document = marked("query ^A { pets { id } }\nquery ^A { pets { name } }")
        let path = files.write("q.graphql", document.text)
        let run = runKitchen(["check", "--schema", schema, path])
        let (first, second) = (document.locations[0], document.locations[1])
        #expect(run.errorLines == [
            "\(path):\(first.line):\(first.column): There can be only one operation named \"A\". (also at \(second))",
        ])
    }

    @Test("a syntax error is reported the same way and the other documents are still checked")
    func syntaxError() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let bad = files.write("bad.graphql", "{ pets { id }")
        let good = files.write("good.graphql", "{ pets { xyzzy } }")
        let run = runKitchen(["check", "--schema", schema, bad, good])
        #expect(run.status == 1)
        #expect(run.errorLines == [
            "\(bad):1:14: Syntax Error: Expected Name, found <EOF>.",
            "\(good):1:10: Cannot query field \"xyzzy\" on type \"Pet\".",
        ])
    }

    @Test("KITCHEN_SCHEMA names the schema when --schema is absent; the flag wins over it")
    func schemaEnvironment() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let other = files.write("other.graphql", "type Query { other: Int }")
        let query = files.write("q.graphql", "{ pets { id } }")
        #expect(runKitchen(["check", query], environment: ["KITCHEN_SCHEMA": schema]).status == 0)
        #expect(runKitchen(["check", "--schema", other, query], environment: ["KITCHEN_SCHEMA": schema]).status == 1)
    }

    @Test("documents are checked against the product Schema.graphql")
    func productSchema() {
        let files = TemporaryFiles()
        let run = runKitchen(["check", "--schema", productSchemaPath, files.write("q.graphql", "{ __typename }")])
        #expect(run.status == 0)
    }

    @Test("an Upload written in a document is refused as the server refuses it; a variable passes")
    func uploadLiteral() {
        let files = TemporaryFiles()
        let literal = files.write("literal.graphql", #"mutation { uploadDish(input: {photos: ["a.jpg"]}) { id } }"#)
        let variable = files.write("variable.graphql", "mutation ($p: [Upload!]) { uploadDish(input: {photos: $p}) { id } }")
        let refused = runKitchen(["check", "--schema", productSchemaPath, literal])
        #expect(refused.status == 1)
        #expect(refused.error.contains("literal.graphql:1:40: Upload literal unsupported."), "\(refused.error)")
        #expect(runKitchen(["check", "--schema", productSchemaPath, variable]).status == 0)
    }

    @Test("a schema that does not build is reported at its own FILE:LINE:COLUMN, and no document is checked")
    func brokenSchema() {
        let files = TemporaryFiles()
        let schema = marked("type ^Query { a: Int }\ntype ^Query { b: Int }\n")
        let path = files.write("schema.graphql", schema.text)
        let run = runKitchen(["check", "--schema", path, files.write("q.graphql", "{ a }")])
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        let (first, second) = (schema.locations[0], schema.locations[1])
        #expect(run.errorLines == [
            "\(path):\(first.line):\(first.column): There can be only one type named \"Query\". (also at \(second))",
        ])
    }

    @Test("--json prints one entry per document with each error's message, line, column and locations")
    func json() throws {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let good = files.write("good.graphql", "{ pets { id } }")
        let bad = files.write("bad.graphql", "{ pets { xyzzy } }")
        let run = runKitchen(["check", "--json", "--schema", schema, good, bad])
        #expect(run.status == 1)
        #expect(run.error.isEmpty)
        let parsed = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]]
        let entries = try #require(parsed)
        #expect(entries.count == 2)
        #expect(entries[0]["file"] as? String == good)
        #expect((entries[0]["errors"] as? [Any])?.isEmpty == true)
        #expect(entries[1]["file"] as? String == bad)
        let error = try #require((entries[1]["errors"] as? [[String: Any]])?.first)
        #expect(error["message"] as? String == "Cannot query field \"xyzzy\" on type \"Pet\".")
        #expect(error["line"] as? Int == 1)
        #expect(error["column"] as? Int == 10)
        #expect((error["locations"] as? [[String: Int]]) == [["line": 1, "column": 10]])
    }

    @Test("--json with valid documents exits 0 and prints no OK line")
    func jsonValid() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let path = files.write("q.graphql", "{ pets { id } }")
        let run = runKitchen(["check", "--json", "--schema", schema, path])
        #expect(run.status == 0)
        #expect(run.out == "[{\"errors\":[],\"file\":\"\(path)\"}]\n")
    }

    @Test("a missing document is an error for that document, exit 1")
    func missingDocument() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let run = runKitchen(["check", "--schema", schema, "/nonexistent/q.graphql"])
        #expect(run.status == 1)
        #expect(run.errorLines == ["/nonexistent/q.graphql: no such file"])
    }

    @Test("--server-limits also applies the server's operation limits to a valid document")
    func serverLimits() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", petSchema)
        let aliases = (0...RequestLimits.default.operation.maxAliases).map { "a\($0): pets { id }" }
        let path = files.write("q.graphql", "{ \(aliases.joined(separator: " ")) }")
        #expect(runKitchen(["check", "--schema", schema, path]).status == 0)
        let limited = runKitchen(["check", "--server-limits", "--schema", schema, path])
        #expect(limited.status == 1)
        #expect(limited.errorLines.count == 1)
        #expect(limited.error.hasPrefix("\(path):1:1: "))
    }

    @Test("--server-limits passes a cost that depends on variables, as the server measures it per request")
    func variablePageCost() {
        let files = TemporaryFiles()
        let schema = files.write("schema.graphql", """
            directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!], requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION
            type Query { nodes(first: Int = 20): [Node!]! @listSize(assumedSize: 100, slicingArguments: ["first"]) }
            type Node { name: String, child: Node, items(first: Int): [Node!]! @listSize(assumedSize: 100, slicingArguments: ["first"]) }
            """)
        // 1 + 100 × (1 + 100 × 1) = 10,101 at the largest pages; 1 + 100 × 102 = 10,201 written in.
        let variable = files.write("v.graphql", "query($n: Int) { nodes(first: $n) { items(first: $n) { child { name } } } }")
        let written = files.write("w.graphql", "{ nodes(first: 100) { items(first: 101) { child { name } } } }")
        #expect(runKitchen(["check", "--server-limits", "--schema", schema, variable]).status == 0)
        let refused = runKitchen(["check", "--server-limits", "--schema", schema, written])
        #expect(refused.status == 1)
        #expect(refused.error.contains("costs 10201, more than the limit of 10000;"))
    }

    @Test("no document is a usage error, exit 2")
    func noDocument() {
        #expect(runKitchen(["check"]).status == 2)
    }
}
