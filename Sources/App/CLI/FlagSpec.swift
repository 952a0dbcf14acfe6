/// One command-line flag: `--name value` (or `--name=value`), or a boolean `--name`,
/// with an optional environment variable that supplies it when the flag is absent.
///
/// Configuration is by flags with environment equivalents (`--port` ↔ `KITCHEN_PORT`)
/// so that the same binary runs from a shell, a unit file or a container.
public struct FlagSpec: Sendable {
    /// The name without dashes, e.g. `port`.
    public var name: String
    /// The placeholder for the value in help, e.g. `N`; nil for a boolean flag.
    public var valueName: String?
    /// The environment variable read when the flag is not given, e.g. `KITCHEN_PORT`.
    public var environment: String?
    /// The value used when neither the flag nor the variable is given.
    public var defaultValue: String?
    /// One line for `--help`.
    public var summary: String
    /// The flag may be given more than once, each time adding values to a list; its
    /// variable holds the list comma-separated (see `ParsedFlags.list`).
    public var isList = false

    /// A flag that takes a value.
    public static func option(
        _ name: String, valueName: String = "VALUE", environment: String? = nil,
        default defaultValue: String? = nil, summary: String
    ) -> FlagSpec {
        FlagSpec(
            name: name, valueName: valueName, environment: environment, defaultValue: defaultValue,
            summary: summary)
    }

    /// A flag that takes a list: repeated (`--name a --name b`), or comma-separated in
    /// one value or in its variable (`KITCHEN_…=a,b`).
    public static func list(
        _ name: String, valueName: String = "VALUE", environment: String? = nil, summary: String
    ) -> FlagSpec {
        var spec = FlagSpec(name: name, valueName: valueName, environment: environment, defaultValue: nil, summary: summary)
        spec.isList = true
        return spec
    }

    /// A boolean flag: present means true; its variable accepts 1/0, true/false, yes/no.
    public static func toggle(_ name: String, environment: String? = nil, summary: String) -> FlagSpec {
        FlagSpec(name: name, valueName: nil, environment: environment, defaultValue: nil, summary: summary)
    }

    /// Whether the flag is boolean (takes no value).
    public var isToggle: Bool { valueName == nil }
}

/// Why a command line could not be parsed; each case reads as a sentence for the user.
public enum FlagError: Error, Equatable, CustomStringConvertible {
    /// A `--flag` the command does not define.
    case unknownFlag(String)
    /// A value flag given last, with nothing after it.
    case missingValue(flag: String)
    /// `--toggle=value` on a boolean flag.
    case unexpectedValue(flag: String)
    /// A value of the wrong form, e.g. `--port abc`; `source` says where it came from.
    case invalidValue(flag: String, value: String, expected: String, source: String)

    /// The message shown after `kitchen COMMAND: `.
    public var description: String {
        switch self {
        case .unknownFlag(let flag): "unknown flag '\(flag)'"
        case .missingValue(let flag): "flag '--\(flag)' needs a value"
        case .unexpectedValue(let flag): "flag '--\(flag)' takes no value"
        case .invalidValue(let flag, let value, let expected, let source):
            "invalid value '\(value)' for --\(flag) (from \(source)): expected \(expected)"
        }
    }
}
