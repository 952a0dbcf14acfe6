/// Parses a command's arguments against its flags: `--name value`, `--name=value`,
/// boolean `--name`, `--` to end flags, then fills gaps from the environment and defaults.
public struct FlagParser: Sendable {
    /// The flags the command defines.
    public var flags: [FlagSpec]

    /// Creates a parser for `flags`.
    public init(_ flags: [FlagSpec]) {
        self.flags = flags
    }

    /// Parses `arguments` (without the command name); `environment` supplies absent flags.
    public func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(FlagError) -> ParsedFlags {
        var parsed = ParsedFlags(entries: [:], positional: [])
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positional.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("--") else {
                if argument.hasPrefix("-") && argument != "-" { throw .unknownFlag(argument) }
                parsed.positional.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let spec = flags.first(where: { $0.name == name }) else {
                throw .unknownFlag("--" + name)
            }
            if spec.isToggle {
                if inlineValue != nil { throw .unexpectedValue(flag: name) }
                parsed.entries[name] = .init(value: "true", source: "--\(name)")
            } else {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw .missingValue(flag: name) }
                    value = arguments[index]
                    index += 1
                }
                let earlier = spec.isList ? parsed.entries[name].map { $0.value + "," } ?? "" : ""
                parsed.entries[name] = .init(value: earlier + value, source: "--\(name)")
            }
        }
        for spec in flags where parsed.entries[spec.name] == nil {
            if let variable = spec.environment, let value = environment[variable] {
                parsed.entries[spec.name] = .init(
                    value: try Self.environmentValue(value, for: spec, variable: variable), source: variable)
            } else if let value = spec.defaultValue {
                parsed.entries[spec.name] = .init(value: value, source: "default")
            }
        }
        return parsed
    }

    private static func environmentValue(
        _ value: String, for spec: FlagSpec, variable: String
    ) throws(FlagError) -> String {
        guard spec.isToggle else { return value }
        switch value.lowercased() {
        case "1", "true", "yes", "on": return "true"
        case "0", "false", "no", "off", "": return "false"
        default:
            throw .invalidValue(flag: spec.name, value: value, expected: "true or false", source: variable)
        }
    }
}
