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
        while received.withLock({ $0.count }) < 2 {
            #expect(arrived.wait(timeout: .now() + 5) == .success)
            if received.withLock({ $0.count }) == 0 { break }
        }
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
}
