import Dispatch
import Foundation
import Synchronization

/// Log lines gathered and written in batches, so that a busy server makes one `write` for
/// many requests instead of one each (`Benchmarks/RESULTS.md`, "Fourth session pass").
///
/// A line waits at most `delay` (a few milliseconds), or less when `limit` bytes are
/// waiting. Batches are written in the order their lines arrived. `flush()` writes what is
/// waiting at once; the server sends its own messages through the batch and flushes them.
/// A process killed with SIGKILL loses at most the last `delay` of lines.
///
/// The delayed flush runs on one thread of its own, started with the first line and idle
/// (waiting on a semaphore) while no line is waiting. Dispatch's timers were tried first:
/// their worker threads left the server 8–18 MB larger in resident memory.
final class BatchedLines: Sendable {
    private let write: @Sendable (String) -> Void
    private let delay: Duration
    private let limit: Int
    /// The lines waiting, and whether a delayed flush is already due.
    private let waiting = Mutex(Waiting())
    /// Held while a batch is taken and written, so batches never overtake one another.
    private let writing = Mutex(())
    /// Signalled when a line arrives with no flush due; the flushing thread waits on it.
    private let due = DispatchSemaphore(value: 0)
    /// Whether the flushing thread has started (on the first line).
    private let flusher = Mutex(false)

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
        let (full, wakeFlusher) = waiting.withLock { waiting in
            waiting.text += line
            let wakeFlusher = !waiting.flushDue
            waiting.flushDue = true
            return (waiting.text.utf8.count >= limit, wakeFlusher)
        }
        if full {
            flush()
        } else if wakeFlusher {
            flusher.withLock { started in
                if !started {
                    started = true
                    Thread.detachNewThread { [self] in flushLoop() }
                }
            }
            due.signal()
        }
    }

    /// The flushing thread: sleeps until lines are waiting, lets `delay` pass, writes them.
    /// It holds the batcher for as long as the process runs (the server's batcher lives
    /// that long anyway).
    private func flushLoop() {
        while true {
            due.wait()
            Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18
                + Double(delay.components.seconds))
            flush()
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
