import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Storage

private struct Rejected: Error {}

/// Runs `body(index)` on `count` new threads and waits for all of them.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}

@Suite("Database pool")
struct DatabaseTests {
    let directory: TemporaryDirectory
    let db: Database

    static let schema = [
        Migration(
            version: 1, name: "counter",
            sql: "CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL); INSERT INTO counter VALUES (1, 0);"),
        Migration(version: 2, name: "items", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"),
    ]

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database.open(path: directory.path(), migrations: Self.schema, options: .init(maxReaders: 3))
    }

    @Test("8 threads doing 100 read-modify-write increments each end at exactly 800")
    func serializedWrites() throws {
        let failures = Atomic(0)
        onThreads(8) { [db] _ in
            for _ in 0..<100 {
                do {
                    try db.write { c in
                        let value = try c.queryFirst("SELECT value FROM counter WHERE id = 1") { $0.int(0) } ?? 0
                        try c.execute("UPDATE counter SET value = ? WHERE id = 1", value + 1)
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(try db.read { try $0.queryFirst("SELECT value FROM counter") { $0.int(0) } } == 800)
    }

    @Test("reads go on, on the last committed snapshot, while a write is in flight")
    func readsDuringWrite() throws {
        let writing = DispatchSemaphore(value: 0)
        let readFinished = DispatchSemaphore(value: 0)
        let writerThread = DispatchGroup()
        writerThread.enter()
        Thread { [db] in
            try? db.write { c in
                try c.execute("INSERT INTO items (name) VALUES ('in flight')")
                writing.signal()
                // A bound, not a delay: if reads blocked on the writer this would fail, not hang.
                _ = readFinished.wait(timeout: .now() + 30)
            }
            writerThread.leave()
        }.start()
        writing.wait()
        let seenDuringWrite = Mutex<[Int]>([])
        onThreads(3) { [db] _ in
            let count = try? db.read { try $0.queryFirst("SELECT count(*) FROM items") { $0.int(0) } }
            seenDuringWrite.withLock { $0.append(count ?? -1) }
        }
        readFinished.signal()
        writerThread.wait()
        #expect(seenDuringWrite.withLock { $0 } == [0, 0, 0])
        #expect(try db.read { try $0.queryFirst("SELECT count(*) FROM items") { $0.int(0) } } == 1)
    }

    @Test("a write that throws rolls back everything it did")
    func writeRollsBack() throws {
        #expect(throws: Rejected.self) {
            try db.write { c in
                try c.execute("INSERT INTO items (name) VALUES ('lost')")
                throw Rejected()
            }
        }
        #expect(try db.read { try $0.queryFirst("SELECT count(*) FROM items") { $0.int(0) } } == 0)
    }

    @Test("readers are read-only, reused, and never more than the bound")
    func readerPool() throws {
        #expect(throws: SQLiteError.self) {
            try db.read { try $0.execute("INSERT INTO items (name) VALUES ('x')") }
        }
        onThreads(8) { [db] _ in
            for _ in 0..<20 {
                _ = try? db.read { try $0.queryFirst("SELECT count(*) FROM items") { $0.int(0) } }
            }
        }
        #expect(db.openReaderCount >= 1)
        #expect(db.openReaderCount <= 3)
    }

    @Test("a write nested in a write on one thread is an error, not a deadlock or a crash")
    func nestedWrite() throws {
        let error = #expect(throws: SQLiteError.self) {
            try db.write { _ in try db.write { _ in } }
        }
        #expect(error?.message.contains("inside write") == true)
        try db.write { c in try c.execute("INSERT INTO items (name) VALUES ('after')") }
    }

    @Test("a read nested in a read shares its connection, even with a pool of one")
    func nestedRead() throws {
        let single = try Database(path: directory.path(), options: .init(maxReaders: 1))
        let same = try single.read { outer in try single.read { inner in outer === inner } }
        #expect(same)
        #expect(single.openReaderCount == 1)
    }

    @Test("the health check answers while open and fails once closed")
    func healthCheck() throws {
        try db.healthCheck()
        db.close()
        #expect(throws: SQLiteError.self) { try db.healthCheck() }
        #expect(throws: SQLiteError.self) { try db.write { _ in } }
    }

    @Test("closing checkpoints the write-ahead log into the database file")
    func closeCheckpoints() throws {
        try db.write { c in
            for number in 0..<200 { try c.execute("INSERT INTO items (name) VALUES (?)", "item \(number)") }
        }
        _ = try db.read { try $0.queryFirst("SELECT count(*) FROM items") { $0.int(0) } }
        db.close()
        let wal = directory.path() + "-wal"
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(walSize == 0)
        let reopened = try Connection(path: directory.path(), access: .readOnly)
        #expect(try reopened.queryFirst("SELECT count(*) FROM items") { $0.int(0) } == 200)
    }
}

@Suite("Data generation")
struct DataGenerationTests {
    @Test("every commit by another connection moves the generation by the next check; nothing else does")
    func otherConnectionsCommits() throws {
        let directory = try TemporaryDirectory()
        let db = try Database.open(path: directory.path(), migrations: DatabaseTests.schema)
        let elsewhere = try Connection(path: directory.path())
        var last = try db.checkedDataGeneration()
        for value in 1...30 {
            try elsewhere.execute("UPDATE counter SET value = ? WHERE id = 1", value)
            let moved = try db.checkedDataGeneration()
            #expect(moved > last, "commit \(value) went unseen")
            #expect(try db.checkedDataGeneration() == moved, "no commit, yet the generation moved")
            last = moved
        }
        // A checkpoint rewrites the log's header without changing data: at most a spare move,
        // and the next commit after it is still seen.
        try db.checkpoint()
        last = try db.checkedDataGeneration()
        try elsewhere.execute("UPDATE counter SET value = 0 WHERE id = 1")
        #expect(try db.checkedDataGeneration() > last)
    }

    @Test("this process's own commits move the generation with no watcher asking; a commit elsewhere after one is still seen")
    func ownCommits() throws {
        let directory = try TemporaryDirectory()
        let db = try Database.open(path: directory.path(), migrations: DatabaseTests.schema)
        let elsewhere = try Connection(path: directory.path())
        var last = try db.checkedDataGeneration()
        let asked = db.watcherQuestions.load(ordering: .relaxed)
        for value in 1...5 {
            try db.write { try $0.execute("UPDATE counter SET value = ? WHERE id = 1", value) }
            let moved = try db.checkedDataGeneration()
            #expect(moved > last)
            last = moved
        }
        let askedAfterOwn = db.watcherQuestions.load(ordering: .relaxed)
        #expect(askedAfterOwn == asked)
        try elsewhere.execute("UPDATE counter SET value = 99 WHERE id = 1")
        #expect(try db.checkedDataGeneration() > last)
        let askedAfterElsewhere = db.watcherQuestions.load(ordering: .relaxed)
        #expect(askedAfterElsewhere > asked)
        // Someone else's commit followed by one of ours: our count covers both.
        last = try db.checkedDataGeneration()
        try elsewhere.execute("UPDATE counter SET value = 100 WHERE id = 1")
        try db.write { try $0.execute("UPDATE counter SET value = 101 WHERE id = 1") }
        #expect(try db.checkedDataGeneration() > last)
    }

    @Test("the WAL-index header reads the same until a commit, and nil without the file")
    func indexHeader() throws {
        let directory = try TemporaryDirectory()
        let db = try Database.open(path: directory.path(), migrations: DatabaseTests.schema)
        let reader = WALIndexReader(databasePath: db.path)
        let before = try #require(reader.read())
        #expect(reader.read() == before)
        try db.write { try $0.execute("UPDATE counter SET value = value + 1 WHERE id = 1") }
        #expect(reader.read() != before)
        #expect(WALIndexReader(databasePath: directory.path() + ".missing").read() == nil)
    }
}

@Suite("Shared snapshot")
struct SharedSnapshotTests {
    let directory: TemporaryDirectory
    let db: Database

    init() throws {
        directory = try TemporaryDirectory()
        db = try Database.open(path: directory.path(), migrations: DatabaseTests.schema)
    }

    func value() throws -> Int {
        try db.read { try $0.queryFirst("SELECT value FROM counter WHERE id = 1") { $0.int(0) } ?? -1 }
    }

    @Test("every read inside sees the moment of the first, though another connection commits between them")
    func oneMoment() throws {
        let elsewhere = try Connection(path: directory.path())
        let (first, second) = try db.withSharedSnapshot {
            let first = try value()
            try elsewhere.execute("UPDATE counter SET value = 7 WHERE id = 1")
            return (first, try value())
        }
        #expect(first == 0 && second == 0)
        #expect(try value() == 7, "after the snapshot ends, reads see the commit")
    }

    @Test("one reader is leased for the whole snapshot and returned at its end; no read, no lease")
    func leaseLifetime() throws {
        try db.withSharedSnapshot {
            #expect(db.readerLeased(by: currentThreadID()) == nil, "nothing opened before a read")
            _ = try value()
            let leased = try #require(db.readerLeased(by: currentThreadID()))
            #expect(leased.connection.isInTransaction)
            try db.withSharedSnapshot { _ = try value() }  // a nested one joins
            #expect(db.readerLeased(by: currentThreadID()) === leased)
        }
        #expect(db.readerLeased(by: currentThreadID()) == nil)
        #expect(db.openReaderCount == 1)
    }

    @Test("a failing body still ends the snapshot and returns its reader")
    func failingBody() throws {
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.withSharedSnapshot {
                _ = try value()
                throw Stop()
            }
        }
        #expect(db.readerLeased(by: currentThreadID()) == nil)
        try db.write { try $0.execute("UPDATE counter SET value = 3 WHERE id = 1") }
        #expect(try value() == 3)
    }

    @Test("a write on the thread ends the snapshot: later reads see it, even one made inside a read body")
    func writesRenewIt() throws {
        let seen = try db.withSharedSnapshot { () throws -> [Int] in
            var seen = [try value()]
            try db.write { try $0.execute("UPDATE counter SET value = 5 WHERE id = 1") }
            seen.append(try value())
            try db.read { _ in
                try db.write { try $0.execute("UPDATE counter SET value = 9 WHERE id = 1") }
                seen.append(try value())  // the body keeps the moment it began with
            }
            seen.append(try value())
            return seen
        }
        #expect(seen == [0, 5, 5, 9])
    }

    @Test("a shared snapshot begun inside a plain read joins it and leaves it open")
    func insidePlainRead() throws {
        let read = try db.read { c in
            try db.withSharedSnapshot { _ = try value() }
            return try c.queryFirst("SELECT value FROM counter WHERE id = 1") { $0.int(0) }
        }
        #expect(read == 0)
        #expect(db.readerLeased(by: currentThreadID()) == nil)
    }
}

/// A thread's shared snapshot parked between its requests (`ParkedSnapshot`).
@Suite("Parked snapshots")
struct ParkedSnapshotTests {
    let directory: TemporaryDirectory
    let db: Database

    /// The sweep is left to the tests (an hour apart), except where a test asks for it.
    init() throws {
        directory = try TemporaryDirectory()
        db = try Database.open(
            path: directory.path(), migrations: DatabaseTests.schema,
            options: .init(maxReaders: 2, idleSnapshotSweep: .seconds(3600)))
    }

    func value() throws -> Int { try Self.value(db) }
    func request() throws -> Int { try Self.request(db) }

    static func value(_ db: Database) throws -> Int {
        try db.read { try $0.queryFirst("SELECT value FROM counter WHERE id = 1") { $0.int(0) } ?? -1 }
    }

    /// One request's worth of reading: a shared snapshot that reads the counter.
    static func request(_ db: Database) throws -> Int {
        try db.withSharedSnapshot { try value(db) }
    }

    @Test("a thread's next snapshot takes up its parked one while nothing commits")
    func reused() throws {
        let before = db.sharedSnapshotsBegun
        for _ in 0..<5 { #expect(try request() == 0) }
        #expect(db.sharedSnapshotsBegun == before + 1)
        #expect(db.parkedSnapshotCount == 1)
        #expect(db.readerLeased(by: currentThreadID()) == nil, "parked is not leased: a plain read leases its own")
    }

    @Test("another connection's commit is seen by the next snapshot, which begins anew")
    func otherConnectionsCommit() throws {
        #expect(try request() == 0)
        let elsewhere = try Connection(path: directory.path())
        for expected in 1...3 {
            let before = db.sharedSnapshotsBegun
            try elsewhere.execute("UPDATE counter SET value = ? WHERE id = 1", expected)
            #expect(try request() == expected)
            #expect(db.sharedSnapshotsBegun == before + 1)
        }
    }

    @Test("a snapshot notes the header the request's generation check read, and so sees what that check saw")
    func headerOfTheGenerationCheck() throws {
        #expect(try request() == 0)
        let elsewhere = try Connection(path: directory.path())
        try elsewhere.execute("UPDATE counter SET value = 1 WHERE id = 1")
        _ = try db.checkedDataGeneration()  // reads the header after the commit
        #expect(try request() == 1, "the parked snapshot is older than the header read")
        // A commit after the check: the request began before it, and may read as of then,
        // which its next check will not.
        _ = try db.checkedDataGeneration()
        try elsewhere.execute("UPDATE counter SET value = 2 WHERE id = 1")
        #expect(try request() == 1)
        _ = try db.checkedDataGeneration()
        #expect(try request() == 2)
        // Without a check in between, the snapshot reads the header itself.
        try elsewhere.execute("UPDATE counter SET value = 3 WHERE id = 1")
        #expect(try request() == 3)
    }

    @Test("a commit of this process ends the snapshots other threads parked, and they see it")
    func ownCommit() throws {
        let db = db
        let parkedElsewhere = DispatchSemaphore(value: 0)
        let seen = Mutex<Int?>(nil)
        Thread {
            _ = try? Self.request(db)
            parkedElsewhere.signal()
        }.start()
        parkedElsewhere.wait()
        #expect(db.parkedSnapshotCount == 1)
        try db.write { try $0.execute("UPDATE counter SET value = 4 WHERE id = 1") }
        #expect(db.parkedSnapshotCount == 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            seen.withLock { $0 = try? Self.request(db) }
            done.signal()
        }.start()
        done.wait()
        #expect(seen.withLock { $0 } == 4)
    }

    @Test("the sweep ends a parked snapshot its thread left idle for a whole interval, not sooner")
    func sweep() throws {
        #expect(try request() == 0)
        db.sweepParkedSnapshots()
        #expect(db.parkedSnapshotCount == 1, "parked since the last sweep only")
        #expect(try request() == 0)
        db.sweepParkedSnapshots()
        #expect(db.parkedSnapshotCount == 1, "taken up again since")
        db.sweepParkedSnapshots()
        #expect(db.parkedSnapshotCount == 0)
    }

    @Test("with the sweep on its timer, another connection can truncate the log soon after a commit")
    func idleSnapshotsLetTheLogBeTruncated() throws {
        let directory = try TemporaryDirectory()
        let db = try Database.open(
            path: directory.path(), migrations: DatabaseTests.schema,
            options: .init(idleSnapshotSweep: .milliseconds(20)))
        #expect(try Self.request(db) == 0)
        #expect(db.parkedSnapshotCount == 1)
        let elsewhere = try Connection(path: directory.path())
        try elsewhere.execute("UPDATE counter SET value = 2 WHERE id = 1")
        let deadline = ContinuousClock.now + .seconds(5)
        while db.parkedSnapshotCount > 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(db.parkedSnapshotCount == 0)
        let busy = try elsewhere.queryFirst("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) }
        #expect(busy == 0, "no reader holds the log")
    }

    @Test("an explicit checkpoint ends parked snapshots first, and truncates the log")
    func checkpoint() throws {
        #expect(try request() == 0)
        let elsewhere = try Connection(path: directory.path())
        try elsewhere.execute("UPDATE counter SET value = 2 WHERE id = 1")
        try db.checkpoint()
        #expect(db.parkedSnapshotCount == 0)
        let log = try FileManager.default.attributesOfItem(atPath: directory.path() + "-wal")[.size] as? Int
        #expect(log == 0)
    }

    @Test("a reader that finds every slot held by parked snapshots takes one at once")
    func fullPool() throws {
        let db = db
        // Two threads park a snapshot each: both slots of the pool. They stay alive until
        // the end, so that the second is not given the first one's thread id (and with it
        // its parked snapshot).
        let finish = DispatchSemaphore(value: 0)
        defer { for _ in 0..<2 { finish.signal() } }
        for _ in 0..<2 {
            let parked = DispatchSemaphore(value: 0)
            Thread {
                _ = try? Self.request(db)
                parked.signal()
                finish.wait()
            }.start()
            parked.wait()
        }
        #expect(db.parkedSnapshotCount == 2)
        let answered = DispatchSemaphore(value: 0)
        Thread {
            _ = try? Self.value(db)
            answered.signal()
        }.start()
        #expect(answered.wait(timeout: .now() + 5) == .success, "the plain read did not wait for the sweep")
        #expect(db.parkedSnapshotCount == 0)
    }

    @Test("closing the database closes parked readers too")
    func close() throws {
        #expect(try request() == 0)
        db.close()
        #expect(db.parkedSnapshotCount == 0)
        #expect(throws: (any Error).self) { try request() }
    }
}
