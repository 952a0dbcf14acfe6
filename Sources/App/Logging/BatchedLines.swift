import Dispatch
import Synchronization

/// Log lines gathered and written in batches, so that a busy server makes one `write` for
/// many requests instead of one each (`Benchmarks/RESULTS.md`, "Batched request log").
///
/// A line waits at most `delay` (a few milliseconds), or less when `limit` bytes are
/// waiting. Batches are written in the order their lines arrived. `flush()` writes what is
/// waiting at once; the server calls it before each message of its own and when it stops.
/// A process killed with SIGKILL loses at most the last `delay` of lines.
final class BatchedLines: Sendable {
    private let write: @Sendable (String) -> Void
    private let delay: Duration
    private let limit: Int
    /// The lines waiting, and whether a delayed flush is already due.
    private let waiting = Mutex(Waiting())
    /// Held while a batch is taken and written, so batches never overtake one another.
    private let writing = Mutex(())

    private struct Waiting {
        var text = ""
        var flushDue = false
    }

    /// Batches for `write`, which receives whole lines with their newlines.
    init(delay: Duration = .milliseconds(20), limit: Int = 64 * 1024,
         write: @escaping @Sendable (String) -> Void) {
        self.write = write
        self.delay = delay
        self.limit = limit
    }

    /// Adds `line` (with its newline) to the next batch.
    func append(_ line: String) {
        let (full, scheduleFlush) = waiting.withLock { waiting in
            waiting.text += line
            let scheduleFlush = !waiting.flushDue
            waiting.flushDue = true
            return (waiting.text.utf8.count >= limit, scheduleFlush)
        }
        if full {
            flush()
        } else if scheduleFlush {
            let nanoseconds = Int(delay.components.seconds) * 1_000_000_000
                + Int(delay.components.attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                self.flush()
            }
        }
    }

    /// Writes every waiting line now.
    func flush() {
        writing.withLock { _ in
            let text = waiting.withLock { waiting in
                defer {
                    waiting.text = ""
                    waiting.flushDue = false
                }
                return waiting.text
            }
            if !text.isEmpty { write(text) }
        }
    }
}
