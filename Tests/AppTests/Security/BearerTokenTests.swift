import Testing
@testable import App

@Suite("Reading the bearer token from Authorization")
struct BearerTokenTests {
    @Test("the usual spelling and its variants give the token")
    func tokens() {
        #expect(RequestContext.bearerToken("Bearer abc.DEF-123_x") == "abc.DEF-123_x")
        #expect(RequestContext.bearerToken("bearer abc") == "abc")
        #expect(RequestContext.bearerToken("BEARER abc") == "abc")
        #expect(RequestContext.bearerToken("Bearer   abc  ") == "abc")
        #expect(RequestContext.bearerToken("Bearer abc\t") == "abc")
    }

    @Test("other schemes, empty or over-long tokens give none")
    func refusals() {
        #expect(RequestContext.bearerToken(nil) == nil)
        #expect(RequestContext.bearerToken("Basic abc") == nil)
        #expect(RequestContext.bearerToken("Bearer") == nil)
        #expect(RequestContext.bearerToken("Bearer ") == nil)
        #expect(RequestContext.bearerToken("Bearerabc") == nil)
        #expect(RequestContext.bearerToken("Bearer " + String(repeating: "a", count: 201)) == nil)
        #expect(RequestContext.bearerToken("Bearer " + String(repeating: "a", count: 200)) == String(repeating: "a", count: 200))
    }
}
