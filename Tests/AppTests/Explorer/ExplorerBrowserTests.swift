import Foundation
import Testing

@testable import App

/// The explorer in a real browser: Debian's `chromium`, headless. `scripts/test` installs
/// it; set `KITCHEN_NO_BROWSER=1` to leave this suite out where no browser can run.
@Suite(
    "Explorer in headless Chromium",
    .enabled(if: ProcessInfo.processInfo.environment["KITCHEN_NO_BROWSER"] == nil))
struct ExplorerBrowserTests {
    static let typedQuery = "{\n  recipes(first: 2) {\n    name\n    level\n  }\n}"

    @Test("the page loads with no failed request, takes a typed query, runs it and shows the result")
    func typeAndRun() throws {
        let browser = try #require(Self.chromium, "Debian's chromium is missing: run scripts/test, or apt-get install chromium")
        try DeveloperTestServer.with { server in
            let url = Self.pageURL(port: server.port)
            let dom = try Self.run(browser, ["--dump-dom", url])
            #expect(dom.contains(#"data-state="done""#), "the query did not finish:\n\(dom.prefix(3000))")
            #expect(dom.contains(#"data-failed-requests="0""#), "a request failed:\n\(dom.prefix(3000))")
            // The response pane shows the result, and completion offered the schema's names.
            #expect(dom.contains("红烧排骨 Braised ribs"), "\(dom.prefix(3000))")
            #expect(dom.contains("EASY"))
            let offered = Self.attribute("data-offered", in: dom).split(separator: " ")
            #expect(offered.contains("recipes"), "completion offered \(offered)")
            #expect(offered.contains("level"), "completion offered \(offered)")
            // The documentation column lists the types with their descriptions' source.
            #expect(dom.contains(">Recipe<"))
            let log = server.logLines.withLock { $0 }
            #expect(log.allSatisfy { !$0.contains(" 404 ") && !$0.contains(" 500 ") }, "\(log)")
            #expect(log.contains { $0.contains("GET /explorer/app.js - 200") }, "\(log)")

            let artifact = Self.artifactDirectory.appendingPathComponent("explorer.png")
            try? FileManager.default.removeItem(at: artifact)
            _ = try Self.run(browser, ["--screenshot=\(artifact.path)", "--window-size=1440,860", url])
            let png = try Data(contentsOf: artifact)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG at \(artifact.path)")
        }
    }

    static func pageURL(port: UInt16) -> String {
        let typed = typedQuery.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "http://127.0.0.1:\(port)/?type=\(typed)&run=1"
    }

    /// The value of the first `name="…"` attribute in `dom`.
    static func attribute(_ name: String, in dom: String) -> String {
        guard let start = dom.range(of: name + "=\"") else { return "" }
        return String(dom[start.upperBound...].prefix { $0 != "\"" })
    }

    static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `.build/test-artifacts` of this package.
    static var artifactDirectory: URL {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = root.appendingPathComponent(".build/test-artifacts")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs headless Chromium with a throwaway profile and returns its standard output.
    static func run(_ browser: String, _ arguments: [String]) throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-extensions", "--disable-background-networking", "--user-data-dir=\(profile.path)",
            "--virtual-time-budget=20000", "--run-all-compositor-stages-before-draw",
        ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
