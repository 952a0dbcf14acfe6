internal import CMicroHTTPD
import Glibc

/// The frames waiting for a socket that could not take them at once, in order.
///
/// Whole frames are appended; a write may take part of the first one, and the rest goes
/// first next time, so frames never interleave on the wire.
struct OutboundQueue: Sendable {
    private var frames: [[UInt8]] = []
    /// The first frame not yet wholly written; those before it are dropped in batches.
    private var head = 0
    /// Bytes of `frames[head]` already written.
    private var sentOfFirst = 0
    /// Bytes not yet written.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ frame: [UInt8]) {
        frames.append(frame)
        count += frame.count
    }

    /// Forgets everything queued (the socket is gone).
    mutating func removeAll() {
        frames = []
        head = 0
        sentOfFirst = 0
        count = 0
    }

    /// What writing to the socket came to.
    enum Progress: Equatable {
        /// Everything queued was written.
        case drained
        /// The socket's buffer is full; the rest waits for it to drain.
        case blocked
        /// The connection is broken (reset, or closed by the client).
        case failed
    }

    /// Writes as much as the socket `fd` takes now, without blocking.
    mutating func write(to fd: Int32) -> Progress {
        defer { compact() }
        while head < frames.count {
            let first = frames[head]
            let written = first.withUnsafeBytes { bytes in
                kitchen_write(fd, bytes.baseAddress! + sentOfFirst, bytes.count - sentOfFirst)
            }
            if written < 0 {
                if written == -Int(EAGAIN) || written == -Int(EWOULDBLOCK) { return .blocked }
                if written == -Int(EINTR) { continue }
                return .failed
            }
            sentOfFirst += written
            count -= written
            if sentOfFirst == first.count {
                frames[head] = []
                head += 1
                sentOfFirst = 0
            }
        }
        return .drained
    }

    /// Drops the written frames once they are half the array, so that each frame is moved
    /// a bounded number of times.
    private mutating func compact() {
        if head == frames.count {
            frames.removeAll(keepingCapacity: frames.count <= 16)
            head = 0
        } else if head >= 16, head * 2 >= frames.count {
            frames.removeFirst(head)
            head = 0
        }
    }
}
