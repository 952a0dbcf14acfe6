/// What to do about the common reasons `kitchen serve` cannot start, appended to the error.
enum StartupHints {
    /// A hint for `message`, starting with "; ", or "" when there is none to give.
    static func hint(for message: String) -> String {
        if message.contains("Address already in use") {
            return "; another process listens there: stop it, or pick another port with --port N (KITCHEN_PORT)"
        }
        if message.contains("could not listen"), message.contains("Permission denied") {
            return "; ports below 1024 need privileges: pick --port 8080 or another above 1023"
        }
        if message.contains("cannot open the database") {
            return "; check that the directory exists and is writable, or pass --db FILE (KITCHEN_DB)"
        }
        return ""
    }
}
