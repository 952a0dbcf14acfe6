import Foundation

/// Where Kitchen writes its log: one line per request, plus start and stop messages.
///
/// Each line is handed whole to one call of `write`, which the pool threads call at once:
/// it must keep calls apart (a lock, a batch, or a single `write` per call).
public final class RequestLog: Sendable {
    private let write: @Sendable (String) -> Void
    /// How request lines are written.
    public let format: LogFormat

    /// A log that hands each line (with its newline) to `write`, from any thread.
    public init(format: LogFormat = .text, write: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.write = write
    }

    /// A log that drops everything, for tests that do not read it.
    public static let discard = RequestLog { _ in }

    /// One request's line, in the log's format (see `RequestRecord`).
    func request(_ record: RequestRecord) {
        writeLine(record.line(format))
    }

    /// Writes one message line: as is in text, as `{"time":…,"message":…}` in JSON.
    func line(_ text: String) {
        writeLine(format == .json ? RequestRecord.jsonMessage(text) : text)
    }

    private func writeLine(_ text: String) {
        write(text + "\n")
    }

    /// Client-chosen text with anything that could forge a log line removed.
    static func printable(_ text: String) -> String {
        // Most names are short visible ASCII: return them without building a new string.
        let utf8 = text.utf8
        if utf8.count <= 200, utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
        return String(text.prefix(200).map { $0.isNewline || $0 == " " ? "_" : $0 })
    }
}
