/// The `kitchen serve` flags of response shaping (`ResponseShaping`): which origins'
/// pages may call Kitchen from a browser.
enum ShapingFlags {
    static let all: [FlagSpec] = [
        .list(
            "cors-origin", valueName: "ORIGIN", environment: "KITCHEN_CORS_ORIGINS",
            summary: "Let web pages on ORIGIN (https://app.example.com; * for any) read responses (CORS); "
                + "repeatable or comma-separated. No credentials: the bearer token is a header the page "
                + "sends, not a cookie. Unset: no CORS headers."),
    ]

    /// The CORS policy `--cors-origin` describes; nil when no origin is given.
    static func corsPolicy(from flags: ParsedFlags) throws(FlagError) -> CORSPolicy? {
        let origins = flags.list("cors-origin")
        guard !origins.isEmpty else { return nil }
        do {
            return try CORSPolicy(origins: origins)
        } catch {
            throw .invalidValue(
                flag: "cors-origin", value: error.value,
                expected: "an origin: http:// or https://, a host, an optional port, no path; or * (\(error.reason))",
                source: flags.source("cors-origin"))
        }
    }
}
