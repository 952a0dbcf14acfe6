import Foundation
import Synchronization
import Testing

@testable import Storage

/// Two `PostgresDatabase`s on one schema, as two Kitchen instances on one PostgreSQL: what
/// one commits reaches the other's caches as a change set taken from the commit itself,
/// its events wake the other's feed at once, and a feed whose connection is cut stops the
/// caches until it hears again, then catches up on what it missed.
@Suite("PostgreSQL instances on one database", .enabled(if: TestStoreKind.current == .postgres))
struct PostgresInstancesStoreTests {
    /// Two instances on a fresh schema, and what the second's feed heard.
    final class Pair: @unchecked Sendable {
        let schema: PostgresScratchSchema
        let writer: PostgresDatabase
        let listener: PostgresDatabase
        let heard = Mutex<[ChangeSet]>([])
        let delivered = Mutex<[StoredEvent]>([])
        private(set) var feed: (any EventFeed)?

        /// `interval` is how long the listener's feed waits without a notification, and
        /// between reconnecting tries.
        init(interval: Duration) throws {
            let base = try #require(ProcessInfo.processInfo.environment["KITCHEN_TEST_POSTGRES"])
            schema = try PostgresScratchSchema(in: base)
            writer = try PostgresDatabase.open(url: schema.url, poolSize: 2)
            listener = try PostgresDatabase.open(url: schema.url, poolSize: 2)
            listener.observeChanges { [weak self] set in self?.heard.withLock { $0.append(set) } }
            feed = try PostgresEventFeed(database: listener, interval: interval) { [weak self] events in
                self?.delivered.withLock { $0.append(contentsOf: events) }
            }
        }

        deinit {
            feed?.stop()
            writer.close()
            listener.close()
            schema.drop()
        }

        var catalog: DataCatalog { writer.catalog! }

        func table(_ name: String) -> TableID { catalog.table(named: name)! }

        /// A read of the rows of `table` whose `column` is `value`.
        func rowRead(_ table: String, _ column: String, _ value: Int64) -> ReadSet {
            var reads = ReadSet()
            reads.read(self.table(table), column: catalog.keyColumn(column, of: self.table(table))!, value: value)
            return reads
        }

        /// A read of `columns` of every row of `table`.
        func tableRead(_ table: String, _ columns: [String]) -> ReadSet {
            var reads = ReadSet()
            reads.read(self.table(table), columns: catalog[self.table(table)].columnSet(named: columns))
            return reads
        }

        /// Waits for the listener to hear a change set after the `count` it had heard.
        func nextHeard(after count: Int) throws -> ChangeSet {
            try #require(waitFor(seconds: 10) { heard.withLock { $0.count > count } }, "no change set arrived")
            return heard.withLock { $0[count] }
        }

        /// The session id of the listener's feed connection, once it is listening.
        func listeningSession() throws -> Int64? {
            try writer.read { c in
                try c.queryFirst(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = $1",
                    PostgresEventFeed.applicationName(instance: listener.instanceID)) { $0.int64(0) }
            }
        }
    }

    @Test("an update on one instance reaches the other as its table, changed columns and row keys, no more")
    func changeSetOfAnUpdate() throws {
        let pair = try Pair(interval: .seconds(30))
        let users = PostgresUsers(database: pair.writer, clock: { Date() })
        let ann = try users.createUser(username: "ann", name: "Ann", passwordHash: "x", isMember: false)
        let bob = try users.createUser(username: "bob", name: "Bob", passwordHash: "x", isMember: false)
        #expect(waitFor(seconds: 10) { pair.heard.withLock { $0.count } == 2 })
        let inserted = pair.heard.withLock { $0[0] }
        #expect(!inserted.isEverything)
        #expect(inserted.affects(pair.tableRead("users", ["username"])), "an insert adds a row to every read of the table")
        #expect(!inserted.affects(pair.tableRead("recipes", ["name"])))

        _ = try users.updateProfile(userID: ann.id, ProfileChange(name: "Ann Lee"))
        let renamed = try pair.nextHeard(after: 2)
        #expect(!renamed.isEverything)
        #expect(renamed.affects(pair.rowRead("users", "id", ann.id)))
        #expect(!renamed.affects(pair.rowRead("users", "id", bob.id)), "Bob's row did not change")
        #expect(renamed.affects(pair.tableRead("users", ["name"])))
        #expect(!renamed.affects(pair.tableRead("users", ["username", "bio"])), "only the name changed")
        #expect(!renamed.affects(pair.tableRead("auth_tokens", ["user_id"])))
    }

    @Test("a write from a session Kitchen did not open (an operator's psql) counts as everything")
    func outsideWriteIsEverything() throws {
        let pair = try Pair(interval: .seconds(30))
        let outsider = try PostgresConnection(url: pair.schema.url)
        defer { outsider.close() }
        try outsider.execute("INSERT INTO kitchen_secrets (name, value) VALUES ('by hand', '\\x00'::bytea)")
        #expect(try pair.nextHeard(after: 0).isEverything)
    }

    @Test("the listener's own commits are not applied twice: each is heard once, before the write returns")
    func ownCommitsHeardOnce() throws {
        let pair = try Pair(interval: .seconds(30))
        let users = PostgresUsers(database: pair.listener, clock: { Date() })
        _ = try users.createUser(username: "own", name: "Own", passwordHash: "x", isMember: false)
        #expect(pair.heard.withLock { $0.count } == 1)
        // The notification of that commit reached the feed too; a later commit of the other
        // instance is heard after it, as the second change set, not the third.
        _ = try PostgresUsers(database: pair.writer, clock: { Date() })
            .createUser(username: "other", name: "Other", passwordHash: "x", isMember: false)
        _ = try pair.nextHeard(after: 1)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pair.heard.withLock { $0.count } == 2)
    }

    @Test("a statement records what its plan reads: rows by a key parameter, else the table's columns")
    func statementReads() throws {
        let pair = try Pair(interval: .seconds(30))
        let ann = try PostgresUsers(database: pair.writer, clock: { Date() })
            .createUser(username: "ann", name: "Ann", passwordHash: "x", isMember: false)
        let (_, byKey) = try pair.writer.recordingReads {
            try pair.writer.read { c in try c.queryFirst("SELECT name FROM users WHERE id = $1", ann.id) { $0.string(0) } }
        }
        #expect(!byKey.isUnbounded)
        #expect(byKey.keys == pair.rowRead("users", "id", ann.id).keys)
        #expect(byKey.tables.isEmpty, "a read by the key reads no other row")
        let (_, byList) = try pair.writer.recordingReads {
            try pair.writer.read { c in
                try c.query("SELECT name FROM users WHERE id = ANY($1::bigint[])", [ann.id, ann.id + 1]) { $0.string(0) }
            }
        }
        #expect(!byList.isUnbounded && byList.tables.isEmpty)
        #expect(byList.keys == pair.rowRead("users", "id", ann.id).keys.union(pair.rowRead("users", "id", ann.id + 1).keys))
        let (_, scan) = try pair.writer.recordingReads {
            try pair.writer.read { c in try c.query("SELECT username FROM users ORDER BY username") { $0.string(0) } }
        }
        #expect(!scan.isUnbounded)
        var renamed = ChangeSet(catalog: pair.catalog, tables: ["users": ["name"]], keys: [("users", "id", ann.id)])
        #expect(!renamed.affects(scan), "the list read usernames, not names")
        renamed = ChangeSet(catalog: pair.catalog, tables: ["users": ["username"]], keys: [("users", "id", ann.id)])
        #expect(renamed.affects(scan))
    }

    @Test("a commit too large to describe in one notification goes out as everything, and commits")
    func oversizedChangeSet() throws {
        let pair = try Pair(interval: .seconds(30))
        try pair.writer.write { c in
            try c.execute(
                """
                INSERT INTO users (username, name, password_hash, joined_at)
                SELECT 'user' || g, 'n', 'x', 0 FROM generate_series(1, 3000) g
                """)
        }
        #expect(try pair.nextHeard(after: 0).isEverything)
        #expect(try pair.listener.read { c in try c.queryFirst("SELECT count(*) FROM users") { $0.int(0) } } == 3000)
    }

    @Test("NOTIFY wakes the other instance's feed: an event arrives within a second though the feed would wait 30")
    func notificationWakesTheFeed() throws {
        let pair = try Pair(interval: .seconds(30))
        let started = Date()
        try pair.writer.write { c in try PostgresEvents.append(topic: "test", payload: "one", c) }
        #expect(waitFor(seconds: 1) { pair.delivered.withLock { $0.count } == 1 })
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(pair.delivered.withLock { $0.map(\.payload) } == ["one"])
    }

    @Test("a feed whose connection is cut stops the caches, reconnects, and delivers what was committed meanwhile, once")
    func cutConnectionCatchesUp() throws {
        let pair = try Pair(interval: .seconds(2))
        try pair.writer.write { c in try PostgresEvents.append(topic: "test", payload: "before", c) }
        #expect(waitFor(seconds: 10) { pair.delivered.withLock { $0.count } == 1 })
        let session = try #require(try pair.listeningSession())
        let heardBefore = pair.heard.withLock { $0.count }
        // Waits until the session is gone, then commits while the feed waits to reconnect.
        try pair.writer.read { c in try c.execute("SELECT pg_terminate_backend($1, 10000)", session) }
        for payload in ["while away 1", "while away 2", "while away 3"] {
            try pair.writer.write { c in try PostgresEvents.append(topic: "test", payload: payload, c) }
        }
        #expect(waitFor(seconds: 10) { (try? pair.listener.checkedDataGeneration()) == nil },
                "the caches must not be used while the feed cannot hear")
        #expect(waitFor(seconds: 20) { (try? pair.listener.checkedDataGeneration()) != nil })
        #expect(waitFor(seconds: 10) { pair.delivered.withLock { $0.count } == 4 })
        try pair.writer.write { c in try PostgresEvents.append(topic: "test", payload: "after", c) }
        #expect(waitFor(seconds: 10) { pair.delivered.withLock { $0.count } == 5 })
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pair.delivered.withLock { $0.map(\.payload) }
            == ["before", "while away 1", "while away 2", "while away 3", "after"])
        #expect(try pair.listeningSession() != session)
        #expect(pair.heard.withLock { $0[heardBefore...].contains { $0.isEverything } },
                "what was committed unheard drops every cached answer")
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass; whether it held.
func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
}
