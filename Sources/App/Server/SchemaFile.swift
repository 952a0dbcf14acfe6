import Foundation

/// Finds and reads `Schema.graphql`, the public contract Kitchen binds its resolvers to.
enum SchemaFile {
    /// The text of the schema file: `explicitPath` when given, else `Schema.graphql` in the
    /// working directory, else the one at the top of the package the executable was built
    /// in (`.build/<configuration>/kitchen` → `Schema.graphql` three levels up).
    static func read(explicitPath: String?) throws(StartupError) -> (path: String, text: String) {
        let candidates: [String]
        if let explicitPath {
            candidates = [explicitPath]
        } else {
            let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "kitchen")
                .resolvingSymlinksInPath()
            var directory = executable.deletingLastPathComponent()
            var upward: [String] = []
            for _ in 0..<4 {
                upward.append(directory.appendingPathComponent("Schema.graphql").path)
                directory = directory.deletingLastPathComponent()
            }
            candidates = ["Schema.graphql"] + upward
        }
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw StartupError("cannot read the schema file \(path)")
            }
            return (path, String(decoding: data, as: UTF8.self))
        }
        throw StartupError(
            "no schema file: looked for \(candidates.joined(separator: ", ")); pass --schema FILE")
    }
}

/// Why Kitchen could not start: a message that says what to do.
public struct StartupError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
