import Foundation

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

    /// The process's standard output and standard error.
    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Writes `line` and a newline to standard output.
    public func print(_ line: String) {
        writeOut(line + "\n")
    }

    /// Writes `line` and a newline to standard error.
    public func printError(_ line: String) {
        writeError(line + "\n")
    }
}
