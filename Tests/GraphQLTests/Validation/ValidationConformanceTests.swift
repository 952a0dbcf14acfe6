import Foundation
import KitchenTestSupport
import Testing
@testable import GraphQL

/// graphql-js 16's validation test cases (recorded from graphql-core's port, see
/// `graphql-core-validation-cases/README.md` in the conformance material), each run with
/// only its rule; `scripts/conformance` runs these.
@Suite("graphql-js 16 validation cases", .enabled(if: OutsideMaterial.isGiven, "needs the conformance material: run scripts/conformance"))
struct ValidationConformanceTests {
    @Test("each executable case gives graphql-js's errors", arguments: ConformanceCase.all)
    func caseGivesExpectedErrors(_ testCase: ConformanceCase) throws {
        let schema = try ConformanceCase.schema(for: testCase)
        let rule = try #require(
            Validator.specifiedRule(named: testCase.rule), "\(testCase): no rule \(testCase.rule)")
        let document = try Parser.parse(Source(testCase.document))
        var options = ValidationOptions()
        options.hideSuggestions = testCase.hideSuggestions
        let errors = Validator.validate(document, schema: schema, rules: [rule], options: options)
        let actual = errors.map { ConformanceCase.Expected(message: $0.message, locations: $0.locations) }
        #expect(actual == testCase.errors, "\(testCase)")
    }

    @Test("the case file is found and holds the executable spec cases")
    func caseFileIsRead() {
        #expect(ConformanceCase.all.count + ConformanceCase.deviations.count == 430)
    }

    /// Deviation (DEVIATIONS.md): a Kitchen schema always has the five built-in scalars,
    /// where graphql-js keeps only those the SDL uses, so `ID`, `Float` and `Int` are known.
    @Test("standard scalars are known even when the schema's SDL does not use them")
    func standardScalarsAlwaysKnown() throws {
        let schema = try SchemaBuilder.build(sdl: "type Query { foo: String }")
        let document = try Parser.parse(
            Source("query ($id: ID, $float: Float, $int: Int) { __typename }"))
        let rule = try #require(Validator.specifiedRule(named: "KnownTypeNamesRule"))
        #expect(Validator.validate(document, schema: schema, rules: [rule]).isEmpty)
    }
}

/// One recorded case: a rule, a schema and a document, and the errors graphql-js gives.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    struct Expected: Sendable, Equatable, CustomStringConvertible {
        let message: String
        let locations: [GraphQL.SourceLocation]
        var description: String { "\(message) @ \(locations)" }
    }

    let id: Int
    let test: String
    let rule: String
    /// `"harness"` or an SDL text.
    let schemaSource: String
    let document: String
    let hideSuggestions: Bool
    let errors: [Expected]

    var testDescription: String { "#\(id) \(rule) \(test.split(separator: ":").last ?? "")" }

    /// The executable cases from the spec's rules (and `nonSpecRules`), minus
    /// experimental syntax and the two custom-scalar cases an SDL schema cannot express.
    static var all: [ConformanceCase] { loaded.cases.filter { deviations[$0.id] == nil } }

    /// Rules outside the spec whose cases are run too: graphql-js 16.9+'s recommended rule
    /// and its two optional custom rules.
    static let nonSpecRules: Set<String> = [
        "MaxIntrospectionDepthRule", "NoDeprecatedCustomRule", "NoSchemaIntrospectionCustomRule",
    ]

    /// Cases whose expectation Kitchen deliberately does not meet, by id, with the reason.
    static let deviations: [Int: String] = [
        74: "the schema model always holds the built-in scalars (DEVIATIONS.md)"
    ]

    static let caseFile: URL = OutsideMaterial.url("graphql-core-validation-cases/cases-graphql-js16.jsonl")
        ?? URL(fileURLWithPath: "/nonexistent")

    private static let loaded: (harnessSDL: String, cases: [ConformanceCase]) = load()
    private static let harnessSchema: Result<Schema, SchemaErrors> = Result {
        () throws(SchemaErrors) -> Schema in try SchemaBuilder.build(sdl: loaded.harnessSDL)
    }

    static func schema(for testCase: ConformanceCase) throws -> Schema {
        if testCase.schemaSource == "harness" { return try harnessSchema.get() }
        return try SchemaBuilder.build(sdl: testCase.schemaSource)
    }

    private static func load() -> (harnessSDL: String, cases: [ConformanceCase]) {
        guard let data = try? Data(contentsOf: caseFile),
            let text = String(data: data, encoding: .utf8)
        else { return ("", []) }
        var harnessSDL = ""
        var cases: [ConformanceCase] = []
        for line in text.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
                let record = object as? [String: Any]
            else { continue }
            if record["kind"] as? String == "meta" {
                harnessSDL = record["harness_schema"] as? String ?? ""
                continue
            }
            let rule = record["rule"] as? String ?? ""
            guard record["kind"] as? String == "executable",
                record["spec"] as? Bool == true || nonSpecRules.contains(rule),
                record["experimental"] as? Bool != true,
                record["pypi_agrees"] as? Bool != false
            else { continue }
            let options = record["options"] as? [String: Any] ?? [:]
            let errors = (record["errors"] as? [[String: Any]] ?? []).map { error in
                Expected(
                    message: graphQLJSWording(error["message"] as? String ?? ""),
                    locations: (error["locations"] as? [[Int]] ?? []).map {
                        GraphQL.SourceLocation(line: $0[0], column: $0[1])
                    })
            }
            cases.append(
                ConformanceCase(
                    id: record["id"] as? Int ?? 0, test: record["test"] as? String ?? "",
                    rule: rule, schemaSource: record["schema"] as? String ?? "harness",
                    document: record["document"] as? String ?? "",
                    hideSuggestions: options["hide_suggestions"] as? Bool == true,
                    errors: errors))
        }
        return (harnessSDL, cases)
    }

    /// graphql-core quotes names with `'` where graphql-js uses `"`, and names directive
    /// locations in words ("variable definition") where graphql-js prints the enum value
    /// (`VARIABLE_DEFINITION`). See Tests/GraphQLTests/DEVIATIONS.md.
    static func graphQLJSWording(_ message: String) -> String {
        var result = message.replacing("'", with: "\"")
        let marker = " may not be used on "
        if let range = result.firstRange(of: marker), result.hasSuffix(".") {
            let words = result[range.upperBound...].dropLast()
            result = result[..<range.upperBound]
                + words.uppercased().replacing(" ", with: "_") + "."
        }
        return result
    }
}
