import Testing

@Suite("Social smoke")
struct SocialSmokeTests {
    @Test("a new account signs up and sees itself as the viewer")
    func signUpViewer() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let cook = try server.signUp("smoke", name: "Smoky")
        let data = try cook.client.post("{ viewer { id name username } }").ok()
        #expect(data["viewer"]["name"] == "Smoky")
        #expect(data["viewer"]["id"].string == cook.id)
    }
}
