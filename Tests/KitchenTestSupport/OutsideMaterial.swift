import Foundation

/// Material written outside the project — the graphql-js fixtures, the recorded validation
/// cases, the GraphQL-over-HTTP audit — that some conformance tests read.
///
/// The repository does not carry it, so `scripts/test` (which must pass in a lone clone)
/// never needs it: `scripts/conformance` finds the folder and names it in
/// `KITCHEN_CONFORMANCE_MATERIAL`, and only then do the tests that read it run.
public enum OutsideMaterial {
    /// The folder named by `KITCHEN_CONFORMANCE_MATERIAL`, or nil when it is not set.
    public static let directory: URL? = {
        guard let path = ProcessInfo.processInfo.environment["KITCHEN_CONFORMANCE_MATERIAL"], !path.isEmpty
        else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    /// Whether the conformance material was given; the tests that read it are enabled by it.
    public static var isGiven: Bool { directory != nil }

    /// A file or folder inside the material, e.g. `conformance/http_audit.py`; nil when no
    /// material was given.
    public static func url(_ relativePath: String) -> URL? {
        directory?.appendingPathComponent(relativePath)
    }
}
