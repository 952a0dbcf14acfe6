/// Writes Prometheus' text exposition format (version 0.0.4): `# HELP` and `# TYPE` lines
/// per family, then one sample per line.
struct PrometheusText {
    /// The `Content-Type` of a scrape.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private(set) var text = ""

    /// Starts a family: its help line and its type (`counter`, `gauge`, `histogram`).
    mutating func family(_ name: String, type: String, help: String) {
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(type)\n"
    }

    /// One sample: `name{label="value",…} number`.
    mutating func sample(_ name: String, labels: [(String, String)] = [], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// A sample value: integers without a fraction, `+Inf` for infinity.
    static func number(_ value: Double) -> String {
        if value == .infinity { return "+Inf" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A label value with `\`, `"` and newlines escaped, as the format requires.
    static func escapeLabel(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Help text with `\` and newlines escaped.
    static func escapeHelp(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
