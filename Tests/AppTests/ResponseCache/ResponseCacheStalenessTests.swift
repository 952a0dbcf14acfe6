import Foundation
import Testing
@testable import App

/// No stale answer is ever served: after every mutation of the schema, every screen of both
/// apps, for several viewers, answers through the cache exactly what a fresh execution
/// answers — so every cached answer the mutation could change was dropped.
@Suite("Response cache never serves a stale answer")
struct ResponseCacheStalenessTests {
    /// The fields of `type Mutation` in the schema file.
    static func schemaMutations() throws -> Set<String> {
        let text = try String(contentsOfFile: TestServer.schemaPath, encoding: .utf8)
        guard let start = text.range(of: "type Mutation {"),
            let end = text.range(of: "\n}", range: start.upperBound..<text.endIndex)
        else { return [] }
        var fields: Set<String> = []
        var inDescription = false
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("\"\"\"") {
                if !(trimmed.count > 3 && trimmed.hasSuffix("\"\"\"")) { inDescription.toggle() }
                continue
            }
            guard !inDescription, line.hasPrefix("  "), !line.hasPrefix("   "), let first = trimmed.first, first.isLetter
            else { continue }
            fields.insert(String(trimmed.prefix { $0.isLetter || $0.isNumber }))
        }
        return fields
    }

    @Test("the steps call every mutation of the schema")
    func everyMutation() throws {
        let covered = Set(StalenessFixture.steps.map(\.field))
        let schema = try Self.schemaMutations()
        #expect(schema.count >= 30)
        #expect(schema.subtracting(covered).isEmpty, "mutations no step makes: \(schema.subtracting(covered).sorted())")
    }

    @Test("after each mutation, every cached screen answers as a fresh execution does")
    func noStaleAnswer() throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let fixture = try StalenessFixture(server: server)
        var fresh = 0
        /// What each screen answers now, executed: its text with a comment no other request has.
        func executed(_ screen: StalenessFixture.Screen) throws -> String {
            fresh += 1
            return try screen.client.post(screen.query + "\n# fresh \(fresh)", screen.variables).text
        }
        var before: [String: String] = [:]
        for screen in fixture.screens { before[screen.label] = try screen.client.post(screen.query, screen.variables).text }
        var kept = 0, dropped = 0, droppedUnchanged = 0
        for step in StalenessFixture.steps {
            try step.run(fixture)
            for screen in fixture.screens {
                let served = try screen.client.post(screen.query, screen.variables)
                let now = try executed(screen)
                #expect(served.text == now, "after \(step.field), \(screen.label) answered \(served.text) but is \(now)")
                if served.sqlStatements == 0 {
                    kept += 1
                } else {
                    dropped += 1
                    if before[screen.label] == now { droppedUnchanged += 1 }
                }
                before[screen.label] = now
            }
        }
        // How precise the drops are: answers kept, and answers dropped though they had not changed.
        print("staleness: \(kept) kept, \(dropped) executed again (\(droppedUnchanged) of them unchanged)")
        #expect(kept > dropped, "most answers survive most mutations")
    }
}
