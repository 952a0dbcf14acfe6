import Testing

@testable import Storage

@Suite("Tokens")
struct TokenGeneratorTests {
    let generator: TokenGenerator

    init() throws { generator = try TokenGenerator(key: try SecureRandom.bytes(32)) }

    @Test("a token is 43 URL-safe base64 characters and never repeats")
    func tokens() throws {
        let tokens = try (0..<100).map { _ in try generator.makeToken() }
        #expect(Set(tokens).count == 100)
        for token in tokens {
            #expect(token.utf8.count == 43)
            #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
    }

    @Test("a digest is stable for a token and differs between tokens and between keys")
    func digests() throws {
        let token = try generator.makeToken()
        let digest = generator.digest(token)
        #expect(digest.count == 32)
        #expect(generator.digest(token) == digest)
        #expect(generator.digest(try generator.makeToken()) != digest)
        let otherKey = try TokenGenerator(key: try SecureRandom.bytes(32))
        #expect(otherKey.digest(token) != digest)
        #expect(generator.digest("").count == 32)
    }

    @Test("a key of the wrong length is refused")
    func keyLength() {
        #expect(throws: SecurityError.invalidKeyLength(expected: 32, got: 16)) {
            try TokenGenerator(key: [UInt8](repeating: 1, count: 16))
        }
    }

    @Test("constant-time comparison tells equal bytes from different ones")
    func constantTime() {
        #expect(SecureRandom.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!SecureRandom.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!SecureRandom.constantTimeEquals([1, 2], [1, 2, 3]))
        #expect(SecureRandom.constantTimeEquals([], []))
    }
}
