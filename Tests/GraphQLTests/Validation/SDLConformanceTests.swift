import Foundation
import KitchenTestSupport
import Testing
@testable import GraphQL

/// graphql-js 16's SDL validation cases (recorded from graphql-core 3.2's port of its test
/// suite): each runs exactly one rule and must give exactly the recorded errors.
///
/// graphql-core 3.2 quotes names with `'` where graphql-js 16 uses `"`, and names directive
/// locations in words (`argument definition`) where graphql-js writes the enum value
/// (`ARGUMENT_DEFINITION`). Kitchen uses graphql-js's wording, so expected messages are
/// translated before comparing (see `Tests/GraphQLTests/DEVIATIONS.md`).
@Suite("graphql-js 16 SDL validation cases", .enabled(if: OutsideMaterial.isGiven, "needs the conformance material: run scripts/conformance"))
struct SDLConformanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: Int
        let test: String
        let rule: String
        let schema: String?
        let document: String
        let errors: [String]

        var testDescription: String { "#\(id) \(test.split(separator: ":").last ?? "")" }
    }

    static let casesURL = OutsideMaterial.url("graphql-core-validation-cases/cases-graphql-js16.jsonl")
        ?? URL(fileURLWithPath: "/nonexistent")

    /// The JSON records of the case file, meta line first; empty when it is missing.
    static func records() -> [[String: Any]] {
        guard let text = try? String(contentsOf: casesURL, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// The SDL of the shared harness schema, from the meta line.
    static let harnessSchema: String? = records().first?["harness_schema"] as? String

    /// Spec, non-experimental SDL cases that PyPI's graphql-core does not disagree with.
    static let cases: [Case] = records().compactMap { record in
        guard record["kind"] as? String == "sdl", record["spec"] as? Bool == true,
            record["experimental"] as? Bool != true, record["pypi_agrees"] as? Bool != false
        else { return nil }
        let errors = (record["errors"] as? [[String: Any]] ?? []).map { error -> String in
            let message = graphqlJSWording(error["message"] as? String ?? "")
            let locations = (error["locations"] as? [[Int]] ?? []).map { "\($0[0]):\($0[1])" }
            return locations.isEmpty ? message : message + " @ " + locations.joined(separator: ", ")
        }
        return Case(
            id: record["id"] as? Int ?? 0, test: record["test"] as? String ?? "",
            rule: record["rule"] as? String ?? "",
            schema: (record["schema"] as? String).map(withoutDirectiveDefinitionLocation),
            document: record["document"] as? String ?? "", errors: errors)
    }

    /// graphql-core 3.2's message in graphql-js 16's words.
    static func graphqlJSWording(_ message: String) -> String {
        var text = message.replacingOccurrences(of: "'", with: "\"")
        let marker = " may not be used on "
        if let range = text.range(of: marker), text.hasSuffix(".") {
            let words = text[range.upperBound...].dropLast()
            text = text[..<range.upperBound]
                + words.uppercased().replacingOccurrences(of: " ", with: "_") + "."
        }
        return text
    }

    /// Two KnownDirectives schemas declare `@onDirective on DIRECTIVE_DEFINITION`, a location
    /// the specification does not have; neither document uses it where that matters, so it
    /// becomes `QUERY` (equally wrong on an object).
    static func withoutDirectiveDefinitionLocation(_ sdl: String) -> String {
        sdl.replacingOccurrences(of: "on DIRECTIVE_DEFINITION", with: "on QUERY")
    }

    @Test("the case file holds all 106 SDL cases")
    func caseFileIsComplete() {
        #expect(Self.cases.count == 106)
    }

    @Test("each SDL case gives exactly graphql-js's errors", arguments: cases)
    func sdlCase(_ testCase: Case) throws {
        let rule = try #require(SDLRule.named(testCase.rule), "no rule \(testCase.rule)")
        let schema = try testCase.schema.map { try SchemaBuilder.build(sdl: $0, assumeValid: true) }
        let document = try Parser.parse(Source(testCase.document))
        let errors = SDLValidator.validate(document, schema: schema, rules: [rule])
        #expect(TypeSystemFixtures.render(errors) == testCase.errors)
    }

    @Test("the validation harness schema builds and passes schema validation")
    func harnessSchemaBuilds() throws {
        let sdl = try #require(Self.harnessSchema)
        let schema = try SchemaBuilder.build(sdl: sdl)
        #expect(schema.queryType == "QueryRoot")
        #expect(schema.directives["onField"] != nil)
        #expect(schema.isPossibleType("Dog", of: "Mammal"))
    }
}
