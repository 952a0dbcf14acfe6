/// The `kitchen serve` flags of the developer's surface: the log format and trusted
/// documents, each with its `KITCHEN_…` variable.
enum DeveloperFlags {
    static let all: [FlagSpec] = [
        .option("log-format", valueName: "FORMAT", environment: "KITCHEN_LOG_FORMAT", default: LogFormat.text.rawValue,
                summary: "Request log lines as 'text' or 'json' (one object per line)."),
        .option("trusted-documents", valueName: "FILE", environment: "KITCHEN_TRUSTED_DOCUMENTS",
                summary: "Run only the documents in FILE (JSON hash → document, from 'kitchen persist')."),
    ]

    /// The `--log-format` value.
    static func logFormat(from flags: ParsedFlags) throws(FlagError) -> LogFormat {
        guard let text = flags.string("log-format") else { return .text }
        guard let format = LogFormat(rawValue: text) else {
            throw .invalidValue(
                flag: "log-format", value: text, expected: "text or json", source: flags.source("log-format"))
        }
        return format
    }

    /// The trusted documents `--trusted-documents` names, read and checked; nil without it.
    static func trustedDocuments(from flags: ParsedFlags) throws(StartupError) -> TrustedDocuments? {
        guard let path = flags.string("trusted-documents") else { return nil }
        return try TrustedDocuments.read(path: path)
    }
}

extension ParsedFlags {
    /// Where a flag's value came from (`--name`, its variable, or `default`).
    func source(_ name: String) -> String {
        entries[name]?.source ?? "--\(name)"
    }
}
