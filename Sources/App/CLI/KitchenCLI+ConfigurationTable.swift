extension KitchenCLI {
    /// The README's configuration table: every flag of `serve` and `seed` with its
    /// variable, default and meaning, as Markdown rows. A test keeps the README equal to it.
    public static func configurationTable() -> String {
        var rows = ["| flag | environment | default | meaning |", "| --- | --- | --- | --- |"]
        var seen = Set<String>()
        for command in [CommandSpec.serve, CommandSpec.seed] {
            for flag in command.flags where seen.insert(flag.name).inserted {
                let name = flag.valueName.map { "`--\(flag.name) \($0)`" } ?? "`--\(flag.name)`"
                let variable = flag.environment.map { "`\($0)`" } ?? ""
                let value: String
                if flag.name == "threads" {
                    value = "processors"
                } else {
                    value = flag.defaultValue.map { "`\($0)`" } ?? (flag.isToggle ? "off" : "")
                }
                let meaning = (command.name == "seed" ? "seed: " : "") + flag.summary.replacingOccurrences(of: "|", with: "\\|")
                rows.append("| \(name) | \(variable) | \(value) | \(meaning) |")
            }
        }
        return rows.joined(separator: "\n")
    }
}
