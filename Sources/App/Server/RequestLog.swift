import Foundation
import Synchronization

/// Where Kitchen writes its log: one line per request, plus start and stop messages.
///
/// Lines are written whole under a lock, so lines from the pool threads never interleave.
public final class RequestLog: Sendable {
    private let write: @Sendable (String) -> Void
    private let lock = Mutex(())

    /// A log that hands each line (with its newline) to `write`.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Standard output.
    public static let standardOutput = RequestLog { FileHandle.standardOutput.write(Data($0.utf8)) }

    /// A log that drops everything, for tests that do not read it.
    public static let discard = RequestLog { _ in }

    /// `POST /graphql RecipePage 200 1.24ms`
    func request(
        method: String, path: String, operationName: String?, status: Int, duration: Duration
    ) {
        let milliseconds = Double(duration.components.attoseconds) / 1e15
            + Double(duration.components.seconds) * 1000
        let name = operationName.map { Self.printable($0) } ?? "-"
        line("\(method) \(Self.printable(path)) \(name) \(status) \(Self.format(milliseconds))ms")
    }

    /// Writes one line.
    func line(_ text: String) {
        lock.withLock { _ in write(text + "\n") }
    }

    /// Client-chosen text with anything that could forge a log line removed.
    static func printable(_ text: String) -> String {
        String(text.prefix(200).map { $0.isNewline || $0 == " " ? "_" : $0 })
    }

    private static func format(_ milliseconds: Double) -> String {
        let hundredths = Int((milliseconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
