// swift-tools-version:6.0
import PackageDescription

/// Kitchen: a GraphQL server for two mobile apps. See ../shared/DESIGN.md for the layers.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "Kitchen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kitchen", targets: ["kitchen"]),
        .library(name: "GraphQL", targets: ["GraphQL"]),
        // For Fuzz/, which drives the whole request path without a socket.
        .library(name: "KitchenApp", targets: ["App", "HTTPServer"]),
    ],
    targets: [
        // C libraries from Debian, each behind a thin shim.
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(
            name: "CSodium", path: "Sources/CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(
            name: "CPostgres", path: "Sources/CPostgres", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // No pkgConfig: Debian's libmimalloc-dev has no .pc file.
        .systemLibrary(
            name: "CMimalloc", path: "Sources/CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // No pkgConfig: vips.pc's cflags carry -pthread, which SwiftPM warns about on every
        // build; shim.h declares the few functions it calls (see there).
        .systemLibrary(
            name: "CVips", path: "Sources/CVips", providers: [.apt(["libvips-dev"])]),

        // The engine: knows nothing of SQLite, HTTP or recipes.
        .target(name: "GraphQL", swiftSettings: strict),
        .target(name: "Storage", dependencies: ["CSQLite", "CSodium", "CPostgres"], swiftSettings: strict),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"], swiftSettings: strict),
        .target(
            name: "App", dependencies: ["GraphQL", "Storage", "HTTPServer", "CVips", "CZlib", "CMimalloc"],
            swiftSettings: strict, plugins: ["EmbedAssets"]),
        // The explorer's page, script and style (App's Assets folders) become Swift source at
        // build time, so they are real files yet nothing is read from disk to serve them.
        .plugin(name: "EmbedAssets", capability: .buildTool(), dependencies: ["AssetEmbedder"]),
        .executableTarget(name: "AssetEmbedder", path: "Plugins/AssetEmbedder", swiftSettings: strict),
        .executableTarget(name: "kitchen", dependencies: ["App", "GraphQL"], swiftSettings: strict),
        .executableTarget(
            name: "Benchmarks", dependencies: ["GraphQL", "App", "HTTPServer", "KitchenTestSupport"],
            path: "Benchmarks/Sources",
            swiftSettings: strict),

        .testTarget(
            name: "GraphQLTests", dependencies: ["GraphQL", "KitchenTestSupport"],
            // Golden files are read through #filePath, not bundled as resources.
            exclude: ["Language/Golden", "TypeSystem/Golden", "DEVIATIONS.md"], swiftSettings: strict),
        .testTarget(name: "StorageTests", dependencies: ["Storage"], swiftSettings: strict),
        .target(name: "KitchenTestSupport", path: "Tests/KitchenTestSupport", swiftSettings: strict),
        .testTarget(
            name: "HTTPServerTests", dependencies: ["HTTPServer", "KitchenTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "AppTests", dependencies: ["App", "GraphQL", "Storage", "HTTPServer", "KitchenTestSupport"],
            swiftSettings: strict),
    ]
)
