import Foundation
import Synchronization
import Testing
@testable import App

/// `kitchen check` against graphql-core's `validate` on thousands of generated documents.
///
/// `scripts/differential/differential.py generate` writes the documents (hypothesis-graphql's,
/// its own generator's, broken variants of both, the validation cases') in batches with
/// graphql-core's verdicts; this test checks each batch with `KitchenCLI` in-process, as
/// `kitchen check --json` would, so that it never runs a stale binary; `compare` then
/// requires the same verdict and error locations for every document and reports how many
/// messages agree. `KITCHEN_DIFF_EXAMPLES` runs more documents.
@Suite("differential test against graphql-core")
struct DifferentialTests {
    @Test(
        "kitchen check and graphql-core agree on verdict and error locations",
        .enabled(if: Differential.graphQLCoreVersion != nil, "python3 with graphql-core 3.2 is needed (scripts/test installs it)"))
    func agreement() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-differential-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        print("differential: graphql-core \(Differential.graphQLCoreVersion ?? "?"), documents in \(directory.path)")

        let generation = Differential.python(["generate", directory.path])
        try #require(generation.status == 0, "generating the documents failed:\n\(generation.error)")

        let manifest = try JSONDecoder().decode(
            Differential.Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
        for (number, batch) in manifest.batches.enumerated() {
            let output = Mutex(""), errors = Mutex("")
            let console = Console(
                out: { text in output.withLock { $0 += text } }, error: { text in errors.withLock { $0 += text } })
            let status = KitchenCLI.run(
                ["kitchen", "check", "--json", "--schema", batch.schema] + batch.files, environment: [:], console: console)
            try #require(status == 0 || status == 1, "kitchen check failed: \(errors.withLock { $0 })")
            try Data(output.withLock { $0 }.utf8).write(to: directory.appendingPathComponent("kitchen-\(number).json"))
        }

        let comparison = Differential.python(["compare", directory.path])
        print(comparison.output)
        #expect(comparison.status == 0, "Kitchen and graphql-core disagree:\n\(comparison.output)\(comparison.error)")
        if comparison.status == 0 { try? FileManager.default.removeItem(at: directory) }
    }
}

/// Running the differential script.
enum Differential {
    /// `manifest.json`: each batch is one schema and the documents to check against it.
    struct Manifest: Decodable {
        struct Batch: Decodable {
            var schema: String
            var files: [String]
        }
        var batches: [Batch]
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let script = packageRoot.appendingPathComponent("scripts/differential/differential.py").path

    /// The graphql-core version python3 imports, when it is a 3.2 release; nil otherwise.
    static let graphQLCoreVersion: String? = {
        let result = run(["python3", "-c", "import graphql; print(graphql.__version__)"])
        let version = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return result.status == 0 && version.hasPrefix("3.2.") ? version : nil
    }()

    /// Runs the script with `arguments`; the environment (KITCHEN_DIFF_…) passes through.
    static func python(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        run(["python3", script] + arguments)
    }

    /// Runs a command through `/usr/bin/env`, its output collected in files so that neither
    /// pipe can fill up and stall it.
    static func run(_ command: [String]) -> (status: Int32, output: String, error: String) {
        let directory = FileManager.default.temporaryDirectory
        let outURL = directory.appendingPathComponent("kitchen-differential-out-\(UUID().uuidString)")
        let errorURL = directory.appendingPathComponent("kitchen-differential-err-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = packageRoot
        do {
            let out = try FileHandle(forWritingTo: outURL), error = try FileHandle(forWritingTo: errorURL)
            defer {
                try? out.close()
                try? error.close()
            }
            process.standardOutput = out
            process.standardError = error
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        } catch {
            return (127, "", "cannot run \(command.joined(separator: " ")): \(error)")
        }
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, read(outURL), read(errorURL))
    }
}
