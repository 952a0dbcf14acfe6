import Glibc
import Synchronization

/// Hands a log file's pages to the disk as the log grows, a mebibyte at a time, and lets
/// the kernel drop them from its cache once written.
///
/// Left alone, the request log of a busy server piles up in the page cache (about 3 MB a
/// second at full load) until the kernel's own writeback, up to 30 s later. On ext4
/// (`data=ordered`) an `fdatasync` of the database's write-ahead log that needs a journal
/// commit then waits for that backlog to reach the disk: after a minute of reads with the
/// log in a file on the same disk, mutations waited up to 0.6 s for their flush
/// (Benchmarks/RESULTS.md, "Eleventh session pass"). Handed over as it is written, the
/// backlog stays around a mebibyte. Only a regular file takes part; a pipe, a terminal or
/// `/dev/null` is left alone.
final class FileWriteback: Sendable {
    /// How many bytes are written between two hand-overs.
    static let defaultInterval = 1 << 20

    private let descriptor: Int32
    private let interval: Int
    private let handOver: @Sendable (Int32) -> Void
    /// Bytes written since the last hand-over; nil when the descriptor is not a regular file.
    private let pending: Mutex<Int?>

    /// Watches what is written to `descriptor`. `handOver` starts the writeback (tests pass
    /// one that counts).
    init(
        descriptor: Int32, interval: Int = FileWriteback.defaultInterval,
        handOver: @escaping @Sendable (Int32) -> Void = FileWriteback.startWriteback
    ) {
        self.descriptor = descriptor
        self.interval = interval
        self.handOver = handOver
        var status = stat()
        let isFile = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        pending = Mutex(isFile ? 0 : nil)
    }

    /// Counts `count` bytes just written; every `interval` bytes, hands the file over (once,
    /// however many intervals one write spans).
    func wrote(_ count: Int) {
        let due = pending.withLock { pending in
            guard let bytes = pending.map({ $0 + count }) else { return false }
            pending = bytes % interval  // what is past the interval counts toward the next
            return bytes >= interval
        }
        if due { handOver(descriptor) }
    }

    /// Starts writing the file's dirty pages without waiting for them (Linux's
    /// `POSIX_FADV_DONTNEED` does that, then drops the pages already clean).
    @Sendable static func startWriteback(of descriptor: Int32) {
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    }
}
