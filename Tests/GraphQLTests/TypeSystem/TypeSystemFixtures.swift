import Foundation
@testable import GraphQL

/// Shared helpers for the type-system tests: parsing SDL, collecting build errors, and
/// finding files beside the package.
enum TypeSystemFixtures {
    /// The type-system definitions of an SDL text.
    static func document(_ sdl: String) throws -> TypeSystemDocument {
        try Parser.parse(Source(sdl)).typeSystem
    }

    /// The errors building `sdl` reports (empty when it builds).
    static func buildErrors(_ sdl: String) -> [String] {
        do {
            _ = try SchemaBuilder.build(sdl: sdl)
            return []
        } catch {
            return render(error.errors)
        }
    }

    /// Each error as `message @ line:column, …` — easy to compare and to read in a failure.
    static func render(_ errors: [GraphQLError]) -> [String] {
        errors.map { error in
            error.locations.isEmpty
                ? error.message
                : error.message + " @ " + error.locations.map(\.description).joined(separator: ", ")
        }
    }

    /// The package's root directory.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A golden file in `TypeSystem/Golden/` beside these tests.
    static func goldenURL(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name)
    }

    /// Compares `actual` with a golden file; with `KITCHEN_UPDATE_GOLDEN=1` the file is
    /// rewritten and the comparison fails so that the rewrite gets reviewed.
    static func matchesGolden(_ actual: String, _ name: String) throws -> Bool {
        let url = goldenURL(name)
        if ProcessInfo.processInfo.environment["KITCHEN_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return false
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        return expected == actual
    }

    /// graphql-core's output for a Python snippet that prints to stdout, when python3 with
    /// graphql-core is available; nil otherwise.
    static func graphqlCore(_ script: String, input: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = Pipe()
        do { try process.run() } catch { return nil }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// graphql-core's `print_schema` of an SDL text (nil without python3 + graphql-core).
    static func graphqlCorePrintSchema(_ sdl: String) -> String? {
        graphqlCore(
            "import sys; from graphql import build_schema, print_schema; "
                + "sys.stdout.write(print_schema(build_schema(sys.stdin.read())))",
            input: sdl)
    }
}
