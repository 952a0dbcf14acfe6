import Foundation
import PackagePlugin

/// Embeds a target's asset files in its binary at build time: every file inside a folder
/// named `Assets` (the explorer's page, scripts and style sheet in `App`) becomes an entry
/// of a generated `EmbeddedAssets` enum, under its path inside that folder. The files stay
/// real `.html`/`.js`/`.css` files that editors and linters understand, and the server
/// reads nothing from disk to serve them.
@main
struct EmbedAssets: BuildToolPlugin {
    struct DuplicateAsset: Error, CustomStringConvertible {
        let name: String
        var description: String { "two Assets folders of the target hold \(name)" }
    }

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        var assets: [(name: String, url: URL)] = []
        for file in module.sourceFiles where file.type != .source && file.type != .header {
            let components = file.url.standardizedFileURL.pathComponents
            guard let folder = components.lastIndex(of: "Assets") else { continue }
            let name = components[(folder + 1)...].joined(separator: "/")
            if assets.contains(where: { $0.name == name }) { throw DuplicateAsset(name: name) }
            assets.append((name, file.url))
        }
        guard !assets.isEmpty else { return [] }
        assets.sort { $0.name < $1.name }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(assets.count) asset files of \(target.name)",
                executable: try context.tool(named: "AssetEmbedder").url,
                arguments: [output.path] + assets.flatMap { [$0.name, $0.url.path] },
                inputFiles: assets.map(\.url),
                outputFiles: [output])
        ]
    }
}
