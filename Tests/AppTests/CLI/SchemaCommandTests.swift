import Foundation
import GraphQL
import Testing
@testable import App

@Suite("kitchen schema")
struct SchemaCommandTests {
    @Test("prints the schema as canonical SDL")
    func prints() {
        let files = TemporaryFiles()
        let path = files.write("schema.graphql", "type Query { pet(id: ID!): Pet pets: [Pet!]! }\n\"A pet.\" type Pet { id: ID! name: String }")
        let run = runKitchen(["schema", "--schema", path])
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        #expect(run.out == petSchema + "\n")
    }

    @Test("KITCHEN_SCHEMA names the schema when --schema is absent")
    func environment() {
        let files = TemporaryFiles()
        let path = files.write("schema.graphql", petSchema)
        let run = runKitchen(["schema"], environment: ["KITCHEN_SCHEMA": path])
        #expect(run.status == 0)
        #expect(run.out == petSchema + "\n")
    }

    @Test("the product schema prints, and its print builds to a schema that prints the same")
    func productSchemaRoundTrip() throws {
        let run = runKitchen(["schema", "--schema", productSchemaPath])
        #expect(run.status == 0)
        #expect(run.out.contains("type Query"))
        let rebuilt = try SchemaBuilder.build(sdl: run.out)
        #expect(SchemaPrinter.print(rebuilt, appliedDirectives: true) + "\n" == run.out)
    }

    @Test("the print keeps the cost directives: their definitions and every application")
    func costDirectives() throws {
        let run = runKitchen(["schema", "--schema", productSchemaPath])
        #expect(run.out.contains("directive @cost(\n"))
        #expect(run.out.contains("directive @listSize(\n"))
        #expect(run.out.contains(#"@listSize(assumedSize: 6)"#))
        #expect(run.out.contains(#"@listSize(assumedSize: 100, slicingArguments: ["first"], sizedFields: ["edges", "nodes"])"#))
        let rebuilt = try SchemaBuilder.build(sdl: run.out)
        let original = try SchemaBuilder.build(sdl: String(contentsOfFile: productSchemaPath, encoding: .utf8))
        #expect(rebuilt.cost.listSize(ofField: "sections", on: "LunchMenu") == original.cost.listSize(ofField: "sections", on: "LunchMenu"))
        #expect(rebuilt.cost.listSize(ofField: "sections", on: "LunchMenu")?.assumedSize == 6)
    }

    @Test("a schema that does not build is reported at its own FILE:LINE:COLUMN, exit 1")
    func brokenSchema() {
        let files = TemporaryFiles()
        let schema = marked("type Query {\n  pet: ^Animal\n}\n")
        let path = files.write("broken.graphql", schema.text)
        let run = runKitchen(["schema", "--schema", path])
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        let place = schema.locations[0]
        #expect(run.errorLines == ["\(path):\(place.line):\(place.column): Unknown type \"Animal\"."])
    }

    @Test("a schema file that is missing is an error, exit 1")
    func missingSchema() {
        let run = runKitchen(["schema", "--schema", "/nonexistent/schema.graphql"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("error: no schema file"))
    }

    @Test("positional arguments are a usage error")
    func arguments() {
        #expect(runKitchen(["schema", "extra"]).status == 2)
    }
}
