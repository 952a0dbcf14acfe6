import Foundation
import Testing

@testable import App

/// Response shaping as httpx sees it (`Tests/Clients/shaping_httpx.py`): gzip decoded by
/// a client that is not Kitchen's, HEAD, and CORS preflights.
@Suite("Response shaping with httpx", .enabled(if: ThirdPartyPython.hasHTTPX, "python3 with httpx is needed (scripts/test installs it)"))
struct ShapingThirdPartyClientTests {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Clients/shaping_httpx.py").path

    @Test("httpx gets and decodes gzip, HEAD matches GET, and a preflight is answered for the allowed origin only")
    func httpx() throws {
        let origin = "https://app.example.com"
        let server = try TestServer.start { $0.cors = try? CORSPolicy(origins: [origin]) }
        defer { server.stop() }
        let (status, output) = try HTTPAuditTests.run(["python3", Self.script, "http://127.0.0.1:\(server.server.port)", origin])
        #expect(status == 0, "\(output)")
        #expect(output.contains("ok   the preflight echoes the origin"), "\(output)")
    }
}

/// What `python3` on the PATH (the virtual environment `scripts/test` makes) imports.
enum ThirdPartyPython {
    /// Whether python3 can import httpx.
    static var hasHTTPX: Bool { (try? HTTPAuditTests.run(["python3", "-c", "import httpx"]).0) == 0 }
}
