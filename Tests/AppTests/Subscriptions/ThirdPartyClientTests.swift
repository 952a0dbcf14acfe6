import Foundation
import Testing

@testable import App

/// `cartChanged` through third-party client libraries (`Tests/ThirdParty/subscription_clients.py`):
/// httpx-sse for server-sent events, python-multipart's streaming parser over an httpx
/// stream for Apollo's multipart subscriptions. Each subscribes, has the cart changed over
/// another connection, and must receive the event.
@Suite("Subscriptions through third-party clients")
struct ThirdPartyClientTests {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/subscription_clients.py").path

    @Test("a third-party client receives cartChanged after another connection changes the cart", arguments: ["sse", "multipart"])
    func cartChanged(_ mode: String) throws {
        // Heartbeats often, so that a parser that waits for the bytes after a part has them soon.
        let world = try CommerceWorld.start { $0.subscriptions.keepAliveInterval = .milliseconds(200) }
        defer { world.stop() }
        let buyer = try world.server.signUp("python")
        let change = JSON.object([
            "query": .string("mutation($g: ID!) { addToCart(goodsId: $g, quantity: 3) { totalQuantity } }"),
            "variables": ["g": .string(world.catalog.goodsID("apple"))],
        ]).text
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, mode, world.server.server.url, buyer.token, change]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(mode): \(complaint)")
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"data": {"cartChanged": {"totalQuantity": 3}}}"#)
    }
}
