import Storage
import Testing

@Suite("ContentHash")
struct ContentHashTests {
    @Test("SHA-256 of the empty input and of \"abc\" match FIPS 180-2")
    func knownVectors() {
        #expect(ContentHash.sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("only 64 lowercase hex digits are a well-formed hash")
    func wellFormed() {
        #expect(ContentHash.isWellFormed(String(repeating: "a1", count: 32)))
        #expect(!ContentHash.isWellFormed(String(repeating: "A1", count: 32)))
        #expect(!ContentHash.isWellFormed("../etc/passwd"))
    }
}
