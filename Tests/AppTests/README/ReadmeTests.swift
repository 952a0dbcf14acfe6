import Foundation
import Testing

@testable import App

/// The README's tables are generated from the code they describe; set
/// `KITCHEN_REWRITE_README=1` to rewrite them (the test then fails, so the change is reviewed).
@Suite("README")
struct ReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    @Test("the configuration table lists every flag of serve and seed as the CLI defines it")
    func configurationTable() throws {
        try Self.check(section: "configuration", expected: KitchenCLI.configurationTable())
    }

    @Test("the README starts with the two commands")
    func twoCommands() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let serve = try #require(text.range(of: "scripts/serve"))
        let test = try #require(text.range(of: "scripts/test"))
        #expect(serve.lowerBound < test.lowerBound)
        #expect(text.distance(from: text.startIndex, to: serve.lowerBound) < 1500)
    }

    /// Compares the text between `<!-- NAME:begin -->` and `<!-- NAME:end -->` with `expected`.
    static func check(section name: String, expected: String) throws {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = "<!-- \(name):begin -->\n", end = "\n<!-- \(name):end -->"
        let start = try #require(text.range(of: begin), "README.md has no \(begin)")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let current = String(text[start.upperBound..<stop.lowerBound])
        if current != expected, ProcessInfo.processInfo.environment["KITCHEN_REWRITE_README"] != nil {
            let rewritten = text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: expected)
            try rewritten.write(to: readme, atomically: true, encoding: .utf8)
            Issue.record("rewrote the \(name) table of README.md; review and commit it")
            return
        }
        #expect(current == expected, "README.md's \(name) table differs; run with KITCHEN_REWRITE_README=1")
    }
}
