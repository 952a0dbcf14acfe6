import Testing

@testable import Storage

@Suite("Password hashing")
struct PasswordHasherTests {
    let fast = PasswordHasher(cost: .minimum)

    @Test("an argon2id hash verifies its password and rejects another")
    func verifies() throws {
        let hasher = PasswordHasher()  // the real, interactive cost, once
        let hash = try hasher.hash("correct horse 电池")
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(hasher.verify("correct horse 电池", against: hash))
        #expect(!hasher.verify("correct horse 电", against: hash))
        #expect(!hasher.needsRehash(hash))
    }

    @Test("two hashes of one password differ (salted) and both verify")
    func salted() throws {
        let first = try fast.hash("pw")
        let second = try fast.hash("pw")
        #expect(first != second)
        #expect(fast.verify("pw", against: first) && fast.verify("pw", against: second))
    }

    @Test("a malformed or oversized stored hash simply does not verify")
    func malformed() {
        #expect(!fast.verify("pw", against: ""))
        #expect(!fast.verify("pw", against: "$argon2id$v=19$garbage"))
        #expect(!fast.verify("pw", against: String(repeating: "x", count: 500)))
    }

    @Test("a hash made at another cost needs rehashing")
    func rehash() throws {
        let weak = try fast.hash("pw")
        #expect(PasswordHasher().needsRehash(weak))
        #expect(!fast.needsRehash(weak))
    }

    @Test("an empty password and one with a NUL inside hash and verify exactly")
    func unusualPasswords() throws {
        let empty = try fast.hash("")
        #expect(fast.verify("", against: empty))
        let withNul = try fast.hash("a\u{0}b")
        #expect(fast.verify("a\u{0}b", against: withNul))
        #expect(!fast.verify("a", against: withNul))
    }
}

extension PasswordHasherTests {
    @Test("verifying against no user does the same work and never crashes")
    func verifyNothing() {
        fast.verifyNothing("pw")
        fast.verifyNothing("")
    }
}
