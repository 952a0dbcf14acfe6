import Foundation
import GraphQL
import Synchronization
@testable import App

/// What one `kitchen` run gave: exit status, standard output, standard error.
struct CLIRun {
    var status: Int32
    var out: String
    var error: String

    /// Standard error split into lines.
    var errorLines: [String] { error.split(separator: "\n").map(String.init) }
}

/// Runs `kitchen` in-process with a capturing console.
func runKitchen(_ arguments: [String], environment: [String: String] = [:]) -> CLIRun {
    let out = Mutex(""), error = Mutex("")
    let console = Console(
        out: { text in out.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } })
    let status = KitchenCLI.run(["kitchen"] + arguments, environment: environment, console: console)
    return CLIRun(status: status, out: out.withLock { $0 }, error: error.withLock { $0 })
}

/// A fresh temporary directory for one test's files, removed when the value is dropped.
final class TemporaryFiles {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` to `name` in the directory and returns its path.
    func write(_ name: String, _ text: String) -> String {
        let url = directory.appendingPathComponent(name)
        try? Data(text.utf8).write(to: url)
        return url.path
    }
}

/// A document with its expected error positions marked by `^` (the marks are removed):
/// the text and the line and column of each mark, in order.
func marked(_ text: String) -> (text: String, locations: [SourceLocation]) {
    var clean = ""
    var locations: [SourceLocation] = []
    var line = 1, column = 1
    for character in text {
        if character == "^" {
            locations.append(SourceLocation(line: line, column: column))
            continue
        }
        clean.append(character)
        if character == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
    return (clean, locations)
}

/// `Schema.graphql` at the top of the package, found from this file's path.
let productSchemaPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Schema.graphql").path

/// A small schema for the command tests.
let petSchema = #"""
    type Query {
      pet(id: ID!): Pet
      pets: [Pet!]!
    }

    """A pet."""
    type Pet {
      id: ID!
      name: String
    }
    """#
