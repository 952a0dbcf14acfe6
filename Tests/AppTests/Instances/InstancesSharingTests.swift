import Foundation
import KitchenTestSupport
import Storage
import Testing

@testable import App

/// What instances share through the database: failed sign-ins, revoked tokens, and the
/// uploaded pictures (one row and one file per picture, whichever instance took it).
@Suite("What instances share through the database", TwoInstances.enabled)
struct InstancesSharingTests {
    @Test("failed sign-ins on A and B count together: five in all lock the account on both")
    func signInFailuresShared() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let cook = try pair.a.signUp("locked")
        let wrong: [String: JSON] = ["u": .string(cook.username), "p": "wrong password"]
        for index in 0..<5 {
            let through = index.isMultiple(of: 2) ? pair.a.anonymous : pair.b.anonymous
            #expect(try through.post(SignInThrottleTests.signIn, wrong).errorCode == "UNAUTHENTICATED")
        }
        let right: [String: JSON] = ["u": .string(cook.username), "p": .string(TestAccount.password)]
        for through in [pair.a.anonymous, pair.b.anonymous] {
            #expect(try through.post(SignInThrottleTests.signIn, right).errorCode == "RATE_LIMITED")
        }
    }

    @Test("signOut through B ends the token's streams and socket on A, and no other token's")
    func revocationThroughB() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let phone = try pair.a.signUp("phone")
        let tablet = try pair.a.signIn(phone.username, password: TestAccount.password)
        let port = pair.a.server.port
        let sse = try StreamBehaviourTests.subscribe(.eventStream, port: port, token: phone.token)
        let multipart = try StreamBehaviourTests.subscribe(.multipart, port: port, token: phone.token)
        #expect(sse.status == 200 && multipart.status == 200)
        #expect(try multipart.nextPart() == "{}")
        let socket = try GraphQLSocket(port: port, token: phone.token)
        try GraphQLOverWebSocketTests.openCartStream(socket)
        let bystander = try GraphQLSocket(port: port, token: tablet.token)
        try GraphQLOverWebSocketTests.openCartStream(bystander)

        _ = try pair.onB(phone.client).post("mutation { signOut }").ok()
        #expect(try sse.nextEvent().name == "complete")
        #expect(sse.waitForEnd())
        let fatal = JSON(data: Data((try multipart.nextPayloadPart() ?? "").utf8))
        #expect(fatal["errors"][0]["extensions"]["code"].string == "UNAUTHENTICATED")
        #expect(try socket.closed().code == 4403)
        // The tablet's socket goes on, and hears its cart.
        try tablet.client.addToCart(pair.catalog.goodsID("apple"))
        let event = try bystander.next()
        #expect(event["id"].string == "cart" && event["payload"]["data"]["cartChanged"]["totalQuantity"].int == 1)
        // A has no stream of the revoked token left, and opens none.
        let again = try StreamBehaviourTests.subscribe(.eventStream, port: port, token: phone.token)
        #expect(again.status == 401 || again.bodyText.contains("UNAUTHENTICATED"), "\(again.status) \(again.bodyText)")
    }

    @Test("the same picture uploaded through A and B at once is stored once, and both serve it")
    func uploadDeduplicated() throws {
        let pair = try TwoInstances.start()
        defer { pair.stop() }
        let cooks = [try pair.a.signUp("one"), try pair.a.signUp("two")]
        let jpeg = TestImages.jpeg(width: 640, height: 480, seed: 7)
        let hash = ContentHash.sha256(jpeg)
        let ports = [pair.a.server.port, pair.b.server.port]
        let answers = inParallel(2) { index in
            try Self.uploadAvatar(jpeg, as: cooks[index], port: ports[index])
        }
        for answer in answers {
            #expect(try answer.get()["data"]["updateProfile"]["avatar"]["url"].string == "/media/\(hash)")
        }
        let folder = try MediaFolder(path: pair.a.directory.appendingPathComponent("media").path)
        #expect(folder.storedNames() == [hash])
        #expect(try pair.a.withRepositories { stores, _ in try stores.media.items(hashes: [hash]).count } == 1)
        for port in ports {
            #expect(try TestClient(port: port).request("GET", "/media/\(hash)").body == jpeg)
            #expect(InspectedImage(try TestClient(port: port).request("GET", "/media/\(hash)?w=160").body)?.width == 160)
        }
    }

    /// Sets `cook`'s avatar to `bytes` through the server on `port`; the decoded answer.
    static func uploadAvatar(_ bytes: [UInt8], as cook: TestAccount, port: UInt16) throws -> JSON {
        var form = MultipartBuilder()
        form.field("operations", #"{"query":"mutation($f: Upload) { updateProfile(input: {avatar: $f}) { avatar { url } } }","variables":{"f":null}}"#)
        form.field("map", #"{"0":["variables.f"]}"#)
        form.file("0", filename: "avatar.jpg", type: "image/jpeg", bytes)
        let response = try TestClient(port: port).request(
            "POST", "/graphql",
            headers: [form.contentType, "Apollo-Require-Preflight: true", "Authorization: Bearer \(cook.token)"],
            body: form.finished())
        return JSON(data: Data(response.body))
    }
}
