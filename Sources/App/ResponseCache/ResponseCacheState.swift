import Storage

/// One kept answer, with everything needed to find it, drop it and count it.
struct StoredAnswer {
    var entry: ResponseCache.Entry
    var key: ResponseCache.Key
    var bytes: ResponseCache.RequestBytesKey?
    var reads: ReadSet
    var size: Int
    /// Asked for since the CLOCK hand last passed it.
    var referenced = false
}

/// The response cache's contents (under its lock): the answers by number, the ways to
/// find them, the index from what was read to who read it, and the CLOCK ring.
struct ResponseCacheState {
    var answers: [UInt64: StoredAnswer] = [:]
    var byKey: [ResponseCache.Key: UInt64] = [:]
    var byBytes: [ResponseCache.RequestBytesKey: UInt64] = [:]
    /// For each table, the answers that read it in whole, with the columns they read.
    var tableReaders: [TableID: [UInt64: ColumnSet]] = [:]
    /// For each row key, the answers that read those rows.
    var keyReaders: [RowKey: Set<UInt64>] = [:]
    /// Answers that read something no catalog names: every change drops them.
    var unboundedReaders: Set<UInt64> = []
    /// Answer numbers in the order they came, for the CLOCK hand; numbers of dropped
    /// answers stay until the hand passes them or the ring is compacted.
    var ring: [UInt64] = []
    var hand = 0
    var nextNumber: UInt64 = 1
    var size = 0
    /// Times a change nobody described emptied the whole cache.
    var emptied = 0
    /// The latest commits' changes, oldest first, each with the data generation read when
    /// it was applied (never below its commit's own, and never falling, as `apply` reads it
    /// under the lock): what an answer that began under an older generation is checked
    /// against before it is kept.
    var recentChanges: [(generation: UInt64, changes: ChangeSet)] = []
    /// The highest generation of a change no longer in `recentChanges`: an answer that
    /// began under an older one cannot be checked, and is not kept.
    var forgottenGeneration: UInt64 = 0
    /// How many changes `recentChanges` holds at most: more than commit while one answer
    /// runs, at hundreds of commits a second and answers of milliseconds.
    static let recentChangesLimit = 256

    /// The answer numbered `number`, marked as asked for.
    mutating func hit(_ number: UInt64?) -> StoredAnswer? {
        guard let number else { return nil }
        answers[number]?.referenced = true
        return answers[number]
    }

    /// Adds an answer, replacing one for the same key or bytes, evicting as the bound needs.
    mutating func insert(_ answer: StoredAnswer, capacity: Int) {
        if let old = byKey[answer.key] { remove(old) }
        if let bytes = answer.bytes, let old = byBytes[bytes] { remove(old) }
        while size + answer.size > capacity, !answers.isEmpty { evictOne() }
        let number = nextNumber
        nextNumber += 1
        answers[number] = answer
        byKey[answer.key] = number
        if let bytes = answer.bytes { byBytes[bytes] = number }
        for (table, columns) in answer.reads.tables { tableReaders[table, default: [:]][number] = columns }
        for key in answer.reads.keys { keyReaders[key, default: []].insert(number) }
        if answer.reads.isUnbounded { unboundedReaders.insert(number) }
        ring.append(number)
        size += answer.size
        if ring.count > 2 * answers.count + 64 { compactRing() }
    }

    /// Drops the answers `changes` affects (see `ChangeSet.affects`).
    mutating func drop(affectedBy changes: ChangeSet) {
        if changes.isEverything {
            emptied += 1
            removeAll()
            return
        }
        var victims = unboundedReaders
        for (table, changed) in changes.tables {
            guard let readers = tableReaders[table] else { continue }
            for (number, columns) in readers where columns.intersects(changed) { victims.insert(number) }
        }
        for key in changes.keys {
            if let readers = keyReaders[key] { victims.formUnion(readers) }
        }
        for number in victims { remove(number) }
    }

    /// Keeps `changes` among the recent ones, forgetting the oldest past the limit.
    mutating func remember(_ changes: ChangeSet, generation: UInt64) {
        if recentChanges.count >= Self.recentChangesLimit {
            let forgotten = recentChanges.count / 2
            forgottenGeneration = max(forgottenGeneration, recentChanges[forgotten - 1].generation)
            recentChanges.removeFirst(forgotten)
        }
        recentChanges.append((generation, changes))
    }

    /// Whether an answer that read `reads`, begun under data generation `generation`, may
    /// be untrue now because of a change applied since: one applied with a later
    /// generation affects it, or such a change may have been forgotten. A change applied
    /// with `generation` or an earlier one committed before the answer began, so the
    /// answer saw it.
    func changed(_ reads: ReadSet, since generation: UInt64) -> Bool {
        if generation < forgottenGeneration { return true }
        for recent in recentChanges.reversed() {
            guard recent.generation > generation else { break }
            if recent.changes.affects(reads) { return true }
        }
        return false
    }

    /// Removes one answer and every trace of it but its ring slot.
    mutating func remove(_ number: UInt64) {
        guard let answer = answers.removeValue(forKey: number) else { return }
        if byKey[answer.key] == number { byKey[answer.key] = nil }
        if let bytes = answer.bytes, byBytes[bytes] == number { byBytes[bytes] = nil }
        for table in answer.reads.tables.keys {
            tableReaders[table]?[number] = nil
            if tableReaders[table]?.isEmpty == true { tableReaders[table] = nil }
        }
        for key in answer.reads.keys {
            keyReaders[key]?.remove(number)
            if keyReaders[key]?.isEmpty == true { keyReaders[key] = nil }
        }
        if answer.reads.isUnbounded { unboundedReaders.remove(number) }
        size -= answer.size
    }

    /// Evicts the first answer the hand finds unmarked, clearing marks as it passes.
    /// Slots of answers gone (evicted or dropped) are skipped, and left for `compactRing`.
    private mutating func evictOne() {
        var passed = 0
        while passed <= 2 * ring.count {
            if hand >= ring.count { hand = 0 }
            let number = ring[hand]
            hand += 1
            passed += 1
            guard let answer = answers[number] else { continue }
            if answer.referenced {
                answers[number]?.referenced = false
                continue
            }
            remove(number)
            return
        }
    }

    /// Forgets the ring slots of answers gone, keeping the order and the hand's place.
    private mutating func compactRing() {
        var kept: [UInt64] = []
        kept.reserveCapacity(answers.count)
        var newHand = 0
        for (index, number) in ring.enumerated() where answers[number] != nil {
            if index < hand { newHand += 1 }
            kept.append(number)
        }
        ring = kept
        hand = newHand
    }

    private mutating func removeAll() {
        answers.removeAll(keepingCapacity: true)
        byKey.removeAll(keepingCapacity: true)
        byBytes.removeAll(keepingCapacity: true)
        tableReaders.removeAll(keepingCapacity: true)
        keyReaders.removeAll(keepingCapacity: true)
        unboundedReaders.removeAll()
        ring.removeAll(keepingCapacity: true)
        hand = 0
        size = 0
    }
}
