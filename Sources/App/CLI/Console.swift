import Foundation
import Glibc

/// Where a command writes: standard output for results, standard error for diagnostics.
///
/// A value holding two closures, so tests capture what a command prints without
/// redirecting the process's file descriptors.
public struct Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    /// Creates a console from two writers.
    public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.writeOut = out
        self.writeError = error
    }

    /// The process's standard output and standard error, written straight to the file
    /// descriptors, one `write` per call (the request log batches its lines first). When
    /// standard output is a file, its pages go to the disk as it grows (`FileWriteback`).
    public static let standard: Console = {
        let outWriteback = FileWriteback(descriptor: STDOUT_FILENO)
        return Console(
            out: { text in
                writeAll(text, to: STDOUT_FILENO)
                outWriteback.wrote(text.utf8.count)
            },
            error: { writeAll($0, to: STDERR_FILENO) })
    }()

    /// Writes every byte of `text` to `descriptor`, retrying short writes and
    /// interruptions; a closed or full descriptor drops the rest.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Writes `line` and a newline to standard output.
    public func print(_ line: String) {
        writeOut(line + "\n")
    }

    /// Writes `text` to standard output as it is (lines already ended by newlines).
    public func write(_ text: String) {
        writeOut(text)
    }

    /// Writes `line` and a newline to standard error.
    public func printError(_ line: String) {
        writeError(line + "\n")
    }
}
