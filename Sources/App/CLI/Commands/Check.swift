import Foundation
import GraphQL

extension CommandSpec {
    /// `kitchen check [--schema FILE] [--json] DOCUMENT…`: validates documents against the
    /// schema, as the server would before running them.
    public static let check = CommandSpec(
        name: "check", summary: "Validate GraphQL documents against the schema.",
        usage: "kitchen check [--schema FILE] [--json] [--server-limits] DOCUMENT…",
        discussion: """
            Parses each document and validates it with every rule of the specification, as the
            server does before running a request. Each problem is printed on standard error as
            FILE:LINE:COLUMN: message; the command exits 1 if there was any, else prints one OK
            line and exits 0. '-' reads standard input. A schema that does not build is reported
            the same way, at its own file, line and column.
            With --server-limits, a document must also keep within the limits 'kitchen serve' applies
            by default: its size, tokens and nesting, and each operation's depth, aliases,
            directives and cost. A query or mutation whose cost is over only because a 'first'
            comes from a variable passes, as on the server, which measures it with the values
            each request sends.
            With --json, standard output gets one array with an entry per document,
            [{"file": …, "errors": [{"message": …, "line": …, "column": …, "locations": […]}]}],
            for tools; the exit status is the same.
            """,
        flags: [
            GraphQLFiles.schemaFlag,
            .toggle("json", environment: "KITCHEN_CHECK_JSON", summary: "Print the results as JSON on standard output."),
            .toggle("server-limits", environment: "KITCHEN_CHECK_SERVER_LIMITS", summary: "Also apply the server's default request limits."),
        ]
    ) { context in
        let paths = context.flags.positional
        guard !paths.isEmpty else {
            context.console.printError("kitchen check: no document given. Run 'kitchen check --help' for usage.")
            return KitchenCLI.usageError
        }
        let json = context.flags.bool("json")
        let schema: LoadedSchema
        switch GraphQLFiles.loadSchema(context.flags) {
        case .success(let loaded):
            schema = loaded
        case .failure(let failure):
            if json, let path = failure.path, failure.problem == nil {
                context.console.print(CheckResult.json([CheckResult(file: path, errors: failure.errors)]))
            } else {
                failure.diagnostics.forEach(context.console.printError)
            }
            return 1
        }
        let limits: RequestLimits? = context.flags.bool("server-limits") ? .default : nil
        let results = paths.map { CheckResult.checking($0, against: schema.schema, limits: limits) }
        if json {
            context.console.print(CheckResult.json(results))
        } else {
            for result in results {
                for error in result.errors {
                    context.console.printError(GraphQLFiles.diagnostic(error, file: result.file))
                }
            }
        }
        let failed = results.filter { !$0.errors.isEmpty }.count
        if failed > 0 { return 1 }
        if !json {
            let documents = results.count == 1 ? "1 document" : "\(results.count) documents"
            context.console.print("ok: \(documents) valid against \(schema.path)")
        }
        return 0
    }
}

/// One document's verdict: its errors, empty when it is valid.
struct CheckResult: Sendable {
    /// The file's name as given (`<stdin>` for `-`).
    var file: String
    var errors: [GraphQLError]

    /// Reads, parses and validates one file; a file that cannot be read or parsed is a
    /// result with that one error. With `limits`, the server's checks before and after
    /// validation apply too, in the server's order.
    static func checking(_ path: String, against schema: Schema, limits: RequestLimits? = nil) -> CheckResult {
        let file: (name: String, text: String)
        do {
            file = try GraphQLFiles.read(path)
        } catch {
            return CheckResult(file: path, errors: [GraphQLError(error.description)])
        }
        if let tooLong = limits?.checkDocumentSize(file.text) { return CheckResult(file: file.name, errors: [tooLong]) }
        do throws(GraphQLError) {
            let document = try Parser.parse(Source(file.text, name: file.name), limits: limits?.parser ?? .default)
            let errors = Validator.validate(document, schema: schema)
            guard errors.isEmpty, let limits else { return CheckResult(file: file.name, errors: errors) }
            return CheckResult(
                file: file.name, errors: limits.operation.checkDeferringVariableCost(document, schema: schema).errors)
        } catch {
            return CheckResult(file: file.name, errors: [error])
        }
    }

    /// The results as one JSON array, for `--json`.
    static func json(_ results: [CheckResult]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(results.map(JSONResult.init))) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// `{"file", "errors"}`; each error has its message, its first location as `line` and
    /// `column` (absent when it has none), and all its `locations`.
    private struct JSONResult: Encodable {
        struct Position: Encodable { var line: Int, column: Int }
        struct Problem: Encodable {
            var message: String
            var line: Int?
            var column: Int?
            var locations: [Position]
        }
        var file: String
        var errors: [Problem]

        init(_ result: CheckResult) {
            file = result.file
            errors = result.errors.map { error in
                Problem(
                    message: error.message, line: error.locations.first?.line,
                    column: error.locations.first?.column,
                    locations: error.locations.map { Position(line: $0.line, column: $0.column) })
            }
        }
    }
}
