import Foundation
import Testing

@testable import Storage

@Suite("Users")
struct UserStoreTests {
    let db: TestStore

    init() throws {
        db = try TestStore()
    }

    @Test("usernames are validated and unique in any case")
    func usernames() throws {
        _ = try db.user("alice")
        #expect(throws: DomainError.conflict("The username ALICE is taken.")) {
            try db.users.createUser(username: "ALICE", name: "A", passwordHash: "x")
        }
        for bad in ["ab", "has space", "名字", String(repeating: "a", count: 33)] {
            #expect(throws: DomainError.self) { try db.users.createUser(username: bad, name: "A", passwordHash: "x") }
        }
        #expect(throws: DomainError.self) { try db.users.createUser(username: "bob", name: " ", passwordHash: "x") }
    }

    @Test("following is idempotent, self-follow is an error, counts and flags follow")
    func follows() throws {
        let a = try db.user("alice")
        let b = try db.user("bobby")
        let c = try db.user("carol")
        _ = try db.users.follow(followerID: a.id, followeeID: b.id)
        _ = try db.users.follow(followerID: a.id, followeeID: b.id)
        _ = try db.users.follow(followerID: c.id, followeeID: b.id)
        #expect(throws: DomainError.badInput("You cannot follow yourself.")) {
            try db.users.follow(followerID: a.id, followeeID: a.id)
        }
        #expect(throws: DomainError.self) { try db.users.follow(followerID: a.id, followeeID: 999) }
        let stats = try db.users.stats(userIDs: [a.id, b.id, c.id])
        #expect(stats[b.id]?.followersCount == 2)
        #expect(stats[a.id]?.followingCount == 1)
        #expect(stats[c.id] == UserStats(followingCount: 1, followersCount: 0, recipesCount: 0, dishesCount: 0))
        #expect(try db.users.viewerFollows(userIDs: [b.id, c.id], viewerID: a.id) == [b.id])
        #expect(try db.users.followers(of: b.id, page: PageRequest(first: 10)).nodes == [c.id, a.id])
        _ = try db.users.unfollow(followerID: a.id, followeeID: b.id)
        _ = try db.users.unfollow(followerID: a.id, followeeID: b.id)
        #expect(try db.users.following(of: a.id, page: PageRequest(first: 10)).nodes.isEmpty)
    }

    @Test("batch lookups return a map of the ids that exist")
    func batch() throws {
        let a = try db.user("alice")
        let b = try db.user("bobby")
        let found = try db.users.users(ids: [b.id, a.id, 12345, a.id])
        #expect(found.keys.sorted() == [a.id, b.id].sorted())
        #expect(found[b.id]?.username == "bobby")
        #expect(try db.users.users(ids: []).isEmpty)
    }

    @Test("a profile changes only the given fields; birthdays are real past dates")
    func profile() throws {
        let a = try db.user("alice")
        var user = try db.users.updateProfile(
            userID: a.id, ProfileChange(bio: .some("Hi"), gender: .some(.female), birthday: .some("1990-02-28")))
        #expect(user.bio == "Hi" && user.gender == .female && user.name == "Alice")
        user = try db.users.updateProfile(userID: a.id, ProfileChange(name: "爱丽丝", bio: .some(nil)))
        #expect(user.bio == nil && user.name == "爱丽丝" && user.birthday == "1990-02-28")
        for bad in ["1990-02-30", "2999-01-01", "90-1-1"] {
            #expect(throws: DomainError.self) {
                try db.users.updateProfile(userID: a.id, ProfileChange(birthday: .some(bad)))
            }
        }
    }

    @Test("tokens are found by digest until revoked")
    func tokens() throws {
        let a = try db.user("alice")
        try db.users.storeToken(digest: [1, 2, 3], userID: a.id)
        #expect(try db.users.userID(tokenDigest: [1, 2, 3]) == a.id)
        try db.users.revokeToken(digest: [1, 2, 3])
        #expect(try db.users.userID(tokenDigest: [1, 2, 3]) == nil)
    }

    @Test("settings start at the defaults and change field by field")
    func settings() throws {
        let a = try db.user("alice")
        #expect(try db.users.settings(userID: a.id) == .defaults)
        let changed = try db.users.updateSettings(userID: a.id, SettingsChange(lunchReminderTime: "12:05"))
        #expect(changed.lunchReminderTime == "12:05" && changed.pushEnabled == Settings.defaults.pushEnabled)
        #expect(throws: DomainError.self) { try db.users.updateSettings(userID: a.id, SettingsChange(lunchReminderTime: "25:00")) }
        #expect(try db.users.settings(userID: a.id) == changed)
    }
}

@Suite("Sign-in failures")
struct SignInFailureStoreTests {
    @Test("failures are counted per username in any case and cleared on success")
    func failures() throws {
        let db = try TestStore()
        let start = db.now.tick()
        try db.users.recordSignInFailure(username: "Alice")
        try db.users.recordSignInFailure(username: "alice ")
        try db.users.recordSignInFailure(username: "bob")
        #expect(try db.users.signInFailures(username: "ALICE", since: start) == 2)
        db.now.advance(3600)
        #expect(try db.users.signInFailures(username: "alice", since: db.now.tick().addingTimeInterval(-60)) == 0)
        try db.users.clearSignInFailures(username: "alice")
        #expect(try db.users.signInFailures(username: "alice", since: start) == 0)
        #expect(try db.users.signInFailures(username: "bob", since: start) == 1)
    }
}

@Suite("Users on SQLite")
struct UserSearchIndexTests {
    @Test("a new name is found by search at once")
    func renamedIsFound() throws {
        let db = try TestDatabase()
        let a = try db.user("alice")
        _ = try db.users.updateProfile(userID: a.id, ProfileChange(name: "爱丽丝"))
        #expect(try db.search.searchUsers(keyword: "爱丽丝", page: PageRequest(first: 5)).nodes == [a.id])
    }
}
