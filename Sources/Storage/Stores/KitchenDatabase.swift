import Foundation

/// What the App needs from a database beside its repositories, whichever store it is:
/// the seam between Kitchen and SQLite (`Database`) or PostgreSQL (`PostgresDatabase`).
///
/// The App holds one as `any KitchenDatabase` and cannot tell which store it runs on. The
/// calls here are made a few times per request (a generation, a snapshot, durability), not
/// per row, so a protocol's dynamic dispatch costs nothing that shows.
public protocol KitchenDatabase: AnyObject, Sendable {
    /// Where the data is, for log lines: a file path, or a connection string without its
    /// password.
    var location: String { get }

    /// The repositories over this database; each tells the time through `clock`.
    /// `cachesReferents` keeps each cart kind's goods and shop between cart changes.
    func repositories(clock: @escaping Clock, cachesReferents: Bool) -> Repositories

    /// A number that moves whenever the data may have changed: two equal readings mean no
    /// write committed between them. The response cache is keyed by it. Throws when the
    /// database cannot be read.
    func checkedDataGeneration() throws -> UInt64

    /// A number that moves whenever a watched table (`watchChanges(to:)`) may have changed;
    /// read it just after `checkedDataGeneration()`.
    var watchedGeneration: UInt64 { get }

    /// The data generation as last noticed, without looking for other processes' commits:
    /// a cheap check made right after `checkedDataGeneration()`.
    var noticedDataGeneration: UInt64 { get }

    /// Runs `body`, recording what its reads read, for a cache that drops an answer only
    /// when a commit changed what it read.
    func recordingReads<T>(_ body: () throws -> T) rethrows -> (T, ReadSet)

    /// The catalog change sets and read sets are numbered by (nil: none known).
    var catalog: DataCatalog? { get }

    /// Calls `observer` with what each later commit changed (`ChangeSet.everything` when a
    /// store cannot tell).
    func observeChanges(_ observer: @escaping @Sendable (ChangeSet) -> Void)

    /// Makes `watchedGeneration` move whenever rows of `table` may have changed.
    func watchChanges(to table: String)

    /// Runs `body` with every read it makes on this thread sharing one snapshot, so one
    /// GraphQL operation describes one moment; a write on the thread starts a fresh one.
    func withSharedSnapshot<T>(_ body: () throws -> T) rethrows -> T

    /// Runs `body` with its writes returning as soon as they commit, before they are
    /// durable; returns the ticket of the newest such commit for `whenDurable` (nil when
    /// `body` wrote nothing, or when a commit is durable as it returns).
    func deferringDurability<T>(_ body: () throws -> T) rethrows -> (T, durableAfter: UInt64?)

    /// Calls `done` once the commit with `ticket` is durable (`true`) or its flush failed.
    func whenDurable(_ ticket: UInt64, _ done: @escaping @Sendable (_ durable: Bool) -> Void)

    /// Commits made and flushes run since the database opened, for `/metrics`.
    var flushStatistics: (commits: UInt64, flushes: Int) { get }

    /// Checks that the database answers a query, for `/healthz`; throws the failure.
    func healthCheck() throws

    /// A server secret kept in the database (so every instance behind a load balancer reads
    /// the same one), made with secure random bytes on first use.
    func secret(named name: String, byteCount: Int) throws -> [UInt8]

    /// Fills an empty database with the demo data set; false (and no change) when it
    /// already has users.
    func installDemoData(hasher: PasswordHasher, now: Date) throws -> Bool

    /// Starts handing the events committed from now on (by any process on this database) to
    /// `deliver`, oldest first, on a thread of its own.
    func startEventFeed(
        interval: Duration, deliver: @escaping @Sendable ([StoredEvent]) -> Void
    ) throws -> any EventFeed

    /// The folder uploaded pictures are kept in.
    var mediaFolderPath: String { get }

    /// Closes every connection; later calls throw.
    func close()
}

/// A running feed of committed events (`KitchenDatabase.startEventFeed`).
public protocol EventFeed: Sendable {
    /// Stops the feed and waits for its thread to end.
    func stop()
}
