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

    @Test("descriptions render as Markdown, reflowed, with only safe links and no markup of their own")
    func markdownDescriptions() throws {
        let browser = try #require(Self.chromium, "Debian's chromium is missing: run scripts/test, or apt-get install chromium")
        try DeveloperTestServer.with { server in
            let url = "http://127.0.0.1:\(server.port)/?docs=Query"
            let dom = try Self.run(browser, ["--dump-dom", url])
            try? Data(dom.utf8).write(to: Self.artifactDirectory.appendingPathComponent("explorer-docs.html"))
            _ = try Self.run(browser, [
                "--screenshot=\(Self.artifactDirectory.appendingPathComponent("explorer-docs.png").path)",
                "--window-size=1440,860", url,
            ])
            #expect(dom.contains(#"data-state="ready""#), "the page did not load:\n\(dom.prefix(3000))")
            #expect(dom.contains(#"data-failed-requests="0""#), "a request failed:\n\(dom.prefix(3000))")
            let recipes = Self.fieldRow("recipes", in: dom)
            // Two lines of one paragraph are one line of text; a code span naming a type links to it.
            #expect(recipes.contains(
                #"<p>Recipes, newest first: each <a class="code-link"><code>Recipe</code></a> of the kitchen with its level, <em>easy</em> or <strong>hard</strong>.</p>"#),
                "\(recipes)")
            #expect(recipes.contains("<ul><li>at most <code>first</code> of them</li><li>never more than three</li></ul>"), "\(recipes)")
            #expect(recipes.contains(
                #"<a href="https://example.com/guide" rel="noopener noreferrer" target="_blank" title="Cooking">the guide</a>"#),
                "\(recipes)")
            // A javascript: link keeps its text and loses its address.
            #expect(recipes.contains(" or run this.</p>"), "\(recipes)")
            #expect(!dom.contains("javascript:"), "\(recipes)")
            // Argument descriptions are Markdown too.
            #expect(recipes.contains("<code>first</code><div class=\"markdown\"><p>At most this many; <code>3</code> at most.</p></div>"), "\(recipes)")
            // Fenced code and raw HTML stay text; numbered lists are lists.
            let hello = Self.fieldRow("hello", in: dom)
            #expect(hello.contains(#"<pre><code>{ hello(name: "&lt;b&gt;you&lt;/b&gt;") }</code></pre>"#), "\(hello)")
            #expect(hello.contains(#"<ol><li>Raw &lt;b onclick="alert(1)"&gt;HTML&lt;/b&gt; stays text.</li><li>So does &lt;script&gt;alert(2)&lt;/script&gt;.</li></ol>"#), "\(hello)")
            #expect(!dom.contains("<script>alert"), "\(hello)")
        }
    }

    @Test("each field shows its cost hints, read from the schema's @cost and @listSize")
    func costHints() throws {
        let browser = try #require(Self.chromium, "Debian's chromium is missing: run scripts/test, or apt-get install chromium")
        try DeveloperTestServer.with { server in
            let dom = try Self.run(browser, ["--dump-dom", "http://127.0.0.1:\(server.port)/?docs=Query"])
            #expect(dom.contains(#"data-failed-requests="0""#), "a request failed:\n\(dom.prefix(3000))")
            let recipes = Self.fieldRow("recipes", in: dom)
            let field = Self.element(#"data-coordinate="Query.recipes""#, in: recipes)
            #expect(field.contains(#"<span class="cost-label">cost</span>"#), "\(recipes)")
            #expect(field.contains(#"<span class="cost-phrase">weight 1</span>"#), "\(field)")
            #expect(field.contains(#"<span class="cost-phrase">sliced by first</span>"#), "\(field)")
            #expect(field.contains(#"<span class="cost-phrase">assumed size 3</span>"#), "\(field)")
            #expect(field.contains(#"title="@cost(weight: &quot;1&quot;) @listSize(assumedSize: 3, slicingArguments: [&quot;first&quot;], requireOneSlicingArgument: false)""#), "\(field)")
            let argument = Self.element(#"data-coordinate="Query.recipes(first:)""#, in: recipes)
            #expect(argument.contains(#"<span class="cost-phrase">weight 2</span>"#), "\(recipes)")
            // A field without cost directives shows no hint.
            #expect(!Self.fieldRow("hello", in: dom).contains("cost-label"))
        }
    }

    @Test("Kitchen's own explorer shows the real schema's cost hints")
    func kitchenCostHints() throws {
        let browser = try #require(Self.chromium, "Debian's chromium is missing: run scripts/test, or apt-get install chromium")
        let server = try TestServer.start()
        defer { server.stop() }
        let dom = try Self.run(browser, ["--dump-dom", "http://127.0.0.1:\(server.server.port)/?docs=LunchMenu"])
        #expect(dom.contains(#"data-failed-requests="0""#), "a request failed:\n\(dom.prefix(3000))")
        let sections = Self.element(#"data-coordinate="LunchMenu.sections""#, in: Self.fieldRow("sections", in: dom))
        #expect(sections.contains(#"<span class="cost-phrase">assumed size 6</span>"#), "\(dom.suffix(4000))")
    }

    /// The documentation row of the field `name`: from its `<div class="field">` to the next.
    static func fieldRow(_ name: String, in dom: String) -> String {
        guard let start = dom.range(of: #"<div class="field">"# + name) else { return "" }
        let rest = dom[start.upperBound...]
        let end = rest.range(of: #"<div class="field">"#)?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The text from `attribute` to the next `</div>`: the rest of that start tag and the
    /// element's children, when they hold no `div`.
    static func element(_ attribute: String, in html: String) -> String {
        guard let start = html.range(of: attribute) else { return "" }
        let rest = html[start.lowerBound...]
        let end = rest.range(of: "</div>")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
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
