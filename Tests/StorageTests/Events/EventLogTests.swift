import Dispatch
import Foundation
import Storage
import Synchronization
import Testing

@Suite("EventLog and EventPoller")
struct EventLogTests {
    @Test("a poller hears events committed through another Database on the same file, in order")
    func pollerSeesOtherConnections() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let first = try Database.open(path: path, migrations: DomainMigrations.all)
        defer { first.close() }
        try first.write { try EventLog.append(topic: "old", $0) }
        let received = Mutex<[StoredEvent]>([])
        let arrived = DispatchSemaphore(value: 0)
        let poller = try EventPoller(path: path, interval: .milliseconds(5)) { events in
            received.withLock { $0.append(contentsOf: events) }
            arrived.signal()
        }
        defer { poller.stop() }
        let second = try Database.open(path: path, migrations: DomainMigrations.all)
        defer { second.close() }
        try second.write { c in
            try EventLog.append(topic: "cart:1", c)
            try EventLog.append(topic: "comments:dish:2", payload: "5", c)
        }
        // Each delivery signals once; wait for deliveries until both events are in (or 5 s).
        let deadline = DispatchTime.now() + 5
        while received.withLock({ $0.count }) < 2, arrived.wait(timeout: deadline) == .success {}
        let topics = received.withLock { $0.map(\.topic) }
        #expect(topics == ["cart:1", "comments:dish:2"])
        #expect(received.withLock { $0.last?.payload } == "5")
    }

    @Test("an event written in a rolled-back transaction is never seen")
    func rolledBackEventIsGone() throws {
        let directory = try TemporaryDirectory()
        let database = try Database.open(path: directory.path(), migrations: DomainMigrations.all)
        defer { database.close() }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try database.write { c in
                try EventLog.append(topic: "cart:1", c)
                throw Refused()
            }
        }
        #expect(try database.read { try EventLog.events(after: 0, $0) }.isEmpty)
    }

    @Test("old events are pruned as new ones are written, keeping the most recent")
    func pruning() throws {
        let directory = try TemporaryDirectory()
        let database = try Database.open(path: directory.path(), migrations: DomainMigrations.all)
        defer { database.close() }
        try database.write { c in
            for index in 0..<10_250 { try EventLog.append(topic: "t", payload: String(index), c) }
        }
        let (count, oldest) = try database.read { c in
            try c.queryFirst("SELECT count(*), min(id) FROM events") { ($0.int(0), $0.int64(1)) }!
        }
        #expect(count <= 10_100 && count >= 10_000)
        #expect(oldest > 150)
        #expect(try database.read { try EventLog.latestID($0) } == 10_250)
    }

    /// WAL frames (pages) one commit of `body` writes, on a checkpointed file.
    static func framesWritten(path: String, _ body: (Connection) throws -> Void) throws -> Int {
        let c = try Connection(path: path)
        defer { c.close() }
        try c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try c.execute("BEGIN IMMEDIATE")
        try body(c)
        try c.execute("COMMIT")
        return try c.queryFirst("PRAGMA wal_checkpoint(PASSIVE)") { $0.int(1) } ?? -1
    }

    @Test("announcing a change writes one page: the event ids keep no sqlite_sequence row")
    func onePagePerEvent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        try Database.open(path: path, migrations: DomainMigrations.all).close()
        #expect(try Self.framesWritten(path: path) { try EventLog.append(topic: "cart:1", $0) } == 1)
        let c = try Connection(path: path)
        defer { c.close() }
        #expect(try c.queryFirst("SELECT count(*) FROM sqlite_sequence WHERE name = 'events'") { $0.int(0) } == 0)
    }

    @Test("the step to plain ids keeps every event and its id, and ids go on from the newest")
    func migrationKeepsEvents() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let before = try Database.open(path: path, migrations: Array(DomainMigrations.all.prefix(10)))
        try before.write { c in
            for index in 0..<250 { try EventLog.append(topic: "t", payload: String(index), c) }
            try c.execute("DELETE FROM events WHERE id <= 100")  // as pruning would
        }
        before.close()
        let after = try Database.open(path: path, migrations: DomainMigrations.all)
        defer { after.close() }
        let kept = try after.read { try EventLog.events(after: 0, $0) }
        #expect(kept.map(\.id) == Array(101...250))
        #expect(kept.map(\.payload) == (100..<250).map(String.init))
        try after.write { try EventLog.append(topic: "t", payload: "next", $0) }
        #expect(try after.read { try EventLog.events(after: 250, $0) }.map(\.id) == [251])
    }
}
