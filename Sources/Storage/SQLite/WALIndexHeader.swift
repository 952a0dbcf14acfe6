import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The header of SQLite's WAL index: the first 96 bytes of the `-shm` file, two copies of
/// a 48-byte record that every commit rewrites (it holds a change counter, the last frame
/// of the log and the log's salts; sqlite.org/walformat.html, "the WAL-index header").
///
/// Two equal readings mean that no connection committed in between, which is how SQLite
/// itself decides whether a reader's cached pages are still good. `Database` uses it to
/// skip asking `PRAGMA data_version` (a read transaction, with two file-lock system calls)
/// when nothing can have changed. Any difference, including a reading torn by a commit in
/// progress, only sends the caller to the full check, so a wrong "changed" costs time and
/// a wrong "unchanged" cannot happen.
struct WALIndexHeader: Equatable, Sendable {
    var first = SIMD8<UInt64>()
    var second = SIMD4<UInt64>()

    static let byteCount = 96
}

/// Reads the WAL-index header with `pread`: no lock, no mapping (a mapped file that another
/// process truncates would stop this one with SIGBUS; a short read is only a failed read).
final class WALIndexReader: Sendable {
    private let path: String
    /// The `-shm` file, opened on first use (−1 until then); closed when this is freed.
    private let descriptor = Atomic<Int32>(-1)

    init(databasePath: String) {
        self.path = databasePath + "-shm"
    }

    deinit {
        let file = descriptor.load(ordering: .relaxed)
        if file >= 0 { _ = close(file) }
    }

    /// The header now, or nil when the file is missing or too short to hold one.
    func read() -> WALIndexHeader? {
        var file = descriptor.load(ordering: .acquiring)
        if file < 0 {
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else { return nil }
            let (stored, current) = descriptor.compareExchange(
                expected: -1, desired: opened, ordering: .acquiringAndReleasing)
            if stored {
                file = opened
            } else {
                _ = close(opened)
                file = current
            }
        }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 12) { words in
            let read = pread(file, words.baseAddress, WALIndexHeader.byteCount, 0)
            guard read == WALIndexHeader.byteCount else { return nil }
            return WALIndexHeader(
                first: SIMD8(words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7]),
                second: SIMD4(words[8], words[9], words[10], words[11]))
        }
    }
}
