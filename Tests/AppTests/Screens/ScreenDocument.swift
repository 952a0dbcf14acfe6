import Foundation
import GraphQL

@testable import App

/// One screen of an app as `Tests/Screens/` writes it: the operations the screen sends,
/// with every field it shows, headed by `# Screen: <the README's row>` and
/// `# Viewer: alice | anonymous`.
struct ScreenDocument: Sendable, CustomStringConvertible {
    /// `kitchen` or `lunch`: the folder, one per app.
    let app: String
    /// The file's path from `Tests/Screens/`.
    let file: String
    let path: String
    /// The README's name for the screen.
    let screen: String
    /// Whether the screen is run by a signed-in demo user (alice).
    let signedIn: Bool
    let text: String

    var description: String { file }

    /// `Tests/Screens/`, found from this file's path.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Screens")

    /// The package's README.
    static let readme = folder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// Every screen document, by app and file name.
    static let all: [ScreenDocument] = {
        var documents: [ScreenDocument] = []
        for app in ["kitchen", "lunch"] {
            let directory = folder.appendingPathComponent(app)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".graphql") {
                let url = directory.appendingPathComponent(name)
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                documents.append(ScreenDocument(
                    app: app, file: "\(app)/\(name)", path: url.path, screen: header("Screen", in: text) ?? "",
                    signedIn: header("Viewer", in: text) != "anonymous", text: text))
            }
        }
        return documents
    }()

    /// The value of a `# Name: value` line at the top of a document.
    private static func header(_ name: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            guard line.hasPrefix("#") else { break }
            let body = line.dropFirst().trimmingCharacters(in: .whitespaces)
            if body.hasPrefix(name + ":") {
                return body.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    func parsed() throws -> Document { try Parser.parse(Source(text, name: file)) }

    /// The operations in document order: each name and its variables (whether each must be
    /// given: non-null without a default).
    func operations() throws -> [(name: String, variables: [(name: String, required: Bool)])] {
        try parsed().executable.operations.map { operation in
            (operation.name?.value ?? "", operation.variableDefinitions.map { definition in
                (definition.variable.name.value, TypeReference(definition.type).isNonNull && definition.defaultValue == nil)
            })
        }
    }

    /// The most any of its operations costs at the server's default limits.
    func cost(_ schema: Schema) throws -> Int {
        let costs = RequestLimits.default.operation.costs(try parsed(), schema: schema)
        return Int((costs.map(\.cost).max() ?? 0).rounded())
    }

    /// The README's rows, `(app, screen, cost)`, from its two tables under "The schema at a
    /// glance" (**Kitchen app** and **Lunch app**), each with a last column `cost`.
    static func readmeRows() throws -> [(app: String, screen: String, cost: String)] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var rows: [(String, String, String)] = []
        var app: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "**Kitchen app**" { app = "kitchen" } else if line == "**Lunch app**" { app = "lunch" }
            guard let current = app, line.hasPrefix("| ") else {
                if app == "lunch", line.hasPrefix("## ") { break }
                continue
            }
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let screen = cells.first, let cost = cells.last, screen != "screen", !screen.hasPrefix("---")
            else { continue }
            rows.append((current, screen.replacingOccurrences(of: "\\|", with: "|"), cost))
        }
        return rows
    }
}
