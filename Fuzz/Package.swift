// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for Kitchen, one executable per entry point. Built only by
/// `Fuzz/run.sh`, with `-sanitize=fuzzer,address`; see Fuzz/README.md.
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// libFuzzer, linked into each fuzz executable only (run.sh instruments everything).
let fuzzer: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

let package = Package(
    name: "KitchenFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Kitchen", path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        .target(
            name: "FuzzSupport", dependencies: ["CFuzzer", .product(name: "GraphQL", package: "Kitchen")],
            swiftSettings: strict),
        .executableTarget(
            name: "FuzzParse", dependencies: ["FuzzSupport", .product(name: "GraphQL", package: "Kitchen")],
            swiftSettings: strict, linkerSettings: fuzzer),
        .executableTarget(
            name: "FuzzValidate", dependencies: ["FuzzSupport", .product(name: "GraphQL", package: "Kitchen")],
            swiftSettings: strict, linkerSettings: fuzzer),
        .executableTarget(
            name: "FuzzJSON", dependencies: ["FuzzSupport", .product(name: "GraphQL", package: "Kitchen")],
            swiftSettings: strict, linkerSettings: fuzzer),
        .executableTarget(
            name: "FuzzCoerce", dependencies: ["FuzzSupport", .product(name: "GraphQL", package: "Kitchen")],
            swiftSettings: strict, linkerSettings: fuzzer),
        .executableTarget(
            name: "FuzzRequest",
            dependencies: [
                "FuzzSupport", .product(name: "KitchenApp", package: "Kitchen"),
                .product(name: "GraphQL", package: "Kitchen"),
            ],
            swiftSettings: strict, linkerSettings: fuzzer),
    ]
)
