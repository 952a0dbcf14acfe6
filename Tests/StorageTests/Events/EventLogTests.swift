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
}
