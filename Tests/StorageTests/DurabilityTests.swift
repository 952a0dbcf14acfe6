import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Storage

/// A sync the test can hold back and make fail; counts the flushes.
final class HeldFlushes: Sendable {
    let held = Atomic<Bool>(false)
    let fails = Atomic<Bool>(false)
    let count = Atomic<Int>(0)
    /// Signalled when a held flush begins.
    let began = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    var sync: @Sendable (Int32) -> Bool {
        { descriptor in
            self.count.add(1, ordering: .relaxed)
            if self.held.load(ordering: .acquiring) {
                self.began.signal()
                self.released.wait()
            }
            return descriptor >= 0 && !self.fails.load(ordering: .relaxed)
        }
    }

    /// A database of one `items` table in `directory` whose flushes go through `flushes`.
    static func openItems(
        in directory: TemporaryDirectory, flushes: HeldFlushes, gather: Duration = WALFlusher.defaultGather
    ) throws -> Database {
        let path = directory.path()
        return try Database.open(
            path: path,
            migrations: [Migration(version: 1, name: "items", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY)")],
            flusher: WALFlusher(databasePath: path, gather: gather, sync: flushes.sync))
    }

    /// Lets the held flush, if any, finish, and holds no more.
    func release() {
        held.store(false, ordering: .releasing)
        released.signal()
    }
}

/// What `whenDurable` answered, once it has.
final class DurabilityAnswer: Sendable {
    private let outcome = Mutex<Bool?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    var callback: @Sendable (Bool) -> Void {
        { durable in
            self.outcome.withLock { $0 = durable }
            self.arrived.signal()
        }
    }

    /// The answer, waiting up to `milliseconds` for it; nil if none came.
    func wait(milliseconds: Int = 5000) -> Bool? {
        guard arrived.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return nil }
        return outcome.withLock { $0 }
    }
}

@Suite("Database durability: commits synced in shared flushes")
struct DurabilityTests {
    let directory: TemporaryDirectory
    let flushes = HeldFlushes()
    let db: Database

    init() throws {
        directory = try TemporaryDirectory()
        db = try HeldFlushes.openItems(in: directory, flushes: flushes)
    }

    private func insert(_ id: Int) throws {
        try db.write { try $0.execute("INSERT INTO items (id) VALUES (?)", id) }
    }

    private func count() throws -> Int {
        try db.read { try $0.queryFirst("SELECT count(*) FROM items") { $0.int(0) } ?? -1 }
    }

    @Test("the writer commits without syncing; the flusher syncs the log")
    func writerIsNormal() throws {
        let level = try db.withWriter { try $0.queryFirst("PRAGMA synchronous") { $0.int(0) } }
        #expect(level == 1)
        let before = flushes.count.load(ordering: .relaxed)
        try insert(1)
        let after = flushes.count.load(ordering: .relaxed)
        #expect(after == before + 1)
        let progress = db.flusher.progress
        #expect(progress.flushed == progress.committed)
    }

    @Test("a write returns only after a flush covers its commit")
    func writeWaitsForTheDisk() throws {
        flushes.held.store(true, ordering: .releasing)
        let returned = DurabilityAnswer()
        Thread { [db] in
            let wrote = (try? db.write { try $0.execute("INSERT INTO items (id) VALUES (7)") }) != nil
            returned.callback(wrote)
        }.start()
        #expect(flushes.began.wait(timeout: .now() + 5) == .success)
        #expect(returned.wait(milliseconds: 100) == nil)
        // Committed, so readers already see it; only its writer waits for the disk.
        #expect(try count() == 1)
        flushes.release()
        #expect(returned.wait() == true)
    }

    @Test("inside deferringDurability a write returns at once, and whenDurable answers after the flush")
    func deferredWrite() throws {
        flushes.held.store(true, ordering: .releasing)
        let (_, ticket) = try db.deferringDurability { try insert(1) }
        let durable = try #require(ticket)
        let answer = DurabilityAnswer()
        db.whenDurable(durable, answer.callback)
        #expect(flushes.began.wait(timeout: .now() + 5) == .success)
        #expect(answer.wait(milliseconds: 100) == nil)
        flushes.release()
        #expect(answer.wait() == true)
        // A commit already on disk is answered on the spot.
        let again = DurabilityAnswer()
        db.whenDurable(durable, again.callback)
        #expect(again.wait(milliseconds: 0) == true)
    }

    @Test("a body that writes nothing has no commit to wait for; nested scopes report to the outer one")
    func ticketsOfScopes() throws {
        #expect(try db.deferringDurability { try count() }.durableAfter == nil)
        let (inner, outer) = try db.deferringDurability {
            try insert(1)
            return try db.deferringDurability { try insert(2) }.durableAfter
        }
        #expect(inner == nil)
        #expect(outer == db.flusher.progress.committed)
    }

    @Test("commits made during a flush share the next one: 8 commits, 2 flushes")
    func sharedFlush() throws {
        let before = flushes.count.load(ordering: .relaxed)
        flushes.held.store(true, ordering: .releasing)
        var answers: [DurabilityAnswer] = []
        for id in 1...8 {
            let ticket = try #require(try db.deferringDurability { try insert(id) }.durableAfter)
            let answer = DurabilityAnswer()
            db.whenDurable(ticket, answer.callback)
            answers.append(answer)
            if id == 1 { #expect(flushes.began.wait(timeout: .now() + 5) == .success) }
        }
        flushes.release()
        #expect(answers.map { $0.wait() } == Array(repeating: true, count: 8))
        let made = flushes.count.load(ordering: .relaxed) - before
        #expect(made == 2)
    }

    @Test("a failed flush fails its waiters; a plain write throws, and later flushes recover")
    func failedFlush() throws {
        flushes.fails.store(true, ordering: .relaxed)
        #expect {
            try insert(1)
        } throws: { error in
            (error as? SQLiteError)?.code == 10  // SQLITE_IOERR
        }
        let ticket = try #require(try db.deferringDurability { try insert(2) }.durableAfter)
        let answer = DurabilityAnswer()
        db.whenDurable(ticket, answer.callback)
        #expect(answer.wait() == false)
        flushes.fails.store(false, ordering: .relaxed)
        try insert(3)
        #expect(db.flusher.progress.flushed == db.flusher.progress.committed)
    }
}

@Suite("Database durability: a flush gathers commits under load")
struct GatheringTests {
    let directory: TemporaryDirectory
    let flushes = HeldFlushes()
    let db: Database

    init() throws {
        directory = try TemporaryDirectory()
        db = try HeldFlushes.openItems(in: directory, flushes: flushes, gather: .milliseconds(300))
    }

    private func deferredInsert(_ id: Int) throws -> DurabilityAnswer {
        let ticket = try #require(
            try db.deferringDurability { try db.write { try $0.execute("INSERT INTO items (id) VALUES (?)", id) } }
                .durableAfter)
        let answer = DurabilityAnswer()
        db.whenDurable(ticket, answer.callback)
        return answer
    }

    @Test("a lone commit does not wait to gather others")
    func loneCommit() throws {
        let started = ContinuousClock.now
        try db.write { try $0.execute("INSERT INTO items (id) VALUES (1)") }
        #expect(ContinuousClock.now - started < .milliseconds(250))
    }

    @Test("with several commits waiting, the next flush waits for more: a commit made meanwhile shares it")
    func commitsGather() throws {
        let before = flushes.count.load(ordering: .relaxed)
        flushes.held.store(true, ordering: .releasing)
        var answers = [try deferredInsert(1)]
        #expect(flushes.began.wait(timeout: .now() + 5) == .success)
        answers += [try deferredInsert(2), try deferredInsert(3)]
        flushes.release()
        // The second flush is gathering now (two commits wait); this one joins it.
        answers.append(try deferredInsert(4))
        #expect(answers.map { $0.wait() } == [true, true, true, true])
        let made = flushes.count.load(ordering: .relaxed) - before
        #expect(made == 2)
    }

    @Test("a full group of waiting commits is synced at once, without waiting out the gather")
    func fullGroupSyncsAtOnce() throws {
        flushes.held.store(true, ordering: .releasing)
        var answers = [try deferredInsert(1)]
        #expect(flushes.began.wait(timeout: .now() + 5) == .success)
        let waiting = Int(WALFlusher.fullGroup)
        for id in 2...(1 + waiting) { answers.append(try deferredInsert(id)) }
        let released = ContinuousClock.now
        flushes.release()
        #expect(answers.map { $0.wait() } == Array(repeating: true, count: waiting + 1))
        // The gather is 300 ms; the full group went without it.
        #expect(ContinuousClock.now - released < .milliseconds(250))
    }
}

@Suite("Database durability on a real disk")
struct RealFlushTests {
    @Test("writes from many threads each return durable, with fewer flushes than commits under load")
    func concurrentWriters() throws {
        let directory = try TemporaryDirectory()
        let db = try Database.open(
            path: directory.path(),
            migrations: [Migration(version: 1, name: "items", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY)")])
        defer { db.close() }
        let group = DispatchGroup()
        let failures = Mutex(0)
        for thread in 0..<8 {
            group.enter()
            Thread {
                for item in 0..<50 {
                    do {
                        try db.write { try $0.execute("INSERT INTO items (id) VALUES (?)", thread * 1000 + item) }
                    } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(failures.withLock { $0 } == 0)
        let progress = db.flusher.progress
        #expect(progress.flushed == progress.committed)
        #expect(progress.committed >= 400)
        #expect(progress.flushes <= Int(progress.committed))
    }
}
