import Foundation
import GraphQL

/// What the developer commands (`format`, `check`, `schema`) share: reading GraphQL files,
/// loading the schema the server would load, and reporting located errors.
///
/// Errors read as `FILE:LINE:COLUMN: message`, the form compilers use, so that editors and
/// terminals turn them into links to the place.
enum GraphQLFiles {
    /// The name standard input has in messages.
    static let standardInputName = "<stdin>"

    /// The text of the file at `path`, or of standard input when `path` is `-`.
    static func read(_ path: String) throws(StartupError) -> (name: String, text: String) {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return (standardInputName, String(decoding: data, as: UTF8.self))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw StartupError("no such file")
        }
        // Read through a file handle rather than `contents(atPath:)`, so that pipes such as
        // `<(…)` and `/dev/stdin` work too.
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
            throw StartupError("cannot read the file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw StartupError("cannot read the file")
        }
        return (path, String(decoding: data, as: UTF8.self))
    }

    /// One error as `FILE:LINE:COLUMN: message`; further locations follow the message as
    /// `(also at LINE:COLUMN, …)`, and an error with no location reads `FILE: message`.
    static func diagnostic(_ error: GraphQLError, file: String) -> String {
        guard let first = error.locations.first else { return "\(file): \(error.message)" }
        var line = "\(file):\(first.line):\(first.column): \(error.message)"
        let others = error.locations.dropFirst()
        if !others.isEmpty {
            line += " (also at \(others.map(\.description).joined(separator: ", ")))"
        }
        return line
    }

    /// The `--schema` flag every developer command takes, read from `KITCHEN_SCHEMA` too.
    static let schemaFlag = FlagSpec.option(
        "schema", valueName: "FILE", environment: "KITCHEN_SCHEMA",
        summary: "The schema file (default: Schema.graphql here or beside the package).")

    /// The schema the flags name (else the one the server finds), built and validated, with
    /// the product's scalar coercions attached to the scalars it has of their names, so that
    /// documents are judged as the server judges them (an `Upload` literal is refused).
    static func loadSchema(_ flags: ParsedFlags) -> Result<LoadedSchema, SchemaLoadFailure> {
        let file: (path: String, text: String)
        do {
            file = try SchemaFile.read(explicitPath: flags.string("schema"))
        } catch {
            return .failure(SchemaLoadFailure(path: flags.string("schema"), problem: error.description, errors: []))
        }
        do {
            let built = try SchemaBuilder.build(sdl: file.text, name: file.path)
            return .success(LoadedSchema(path: file.path, schema: built.attaching(scalarCoercions: KitchenSchema.scalarCoercions).schema))
        } catch {
            return .failure(SchemaLoadFailure(path: file.path, problem: nil, errors: error.errors))
        }
    }
}

/// A schema file that was read and built.
struct LoadedSchema: Sendable {
    /// Where it was found.
    var path: String
    var schema: Schema
}

/// Why the schema could not be had: no file (`problem`), or a file whose SDL does not
/// build (`errors`, located in `path`).
struct SchemaLoadFailure: Error, Sendable {
    var path: String?
    var problem: String?
    var errors: [GraphQLError]

    /// The lines to print on standard error, one per problem.
    var diagnostics: [String] {
        if let problem { return ["error: \(problem)"] }
        return errors.map { GraphQLFiles.diagnostic($0, file: path ?? "schema") }
    }
}
