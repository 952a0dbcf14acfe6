/// Where a Kitchen database is, as `--db` (or `KITCHEN_DB`) names it: a SQLite file path,
/// or a PostgreSQL connection string (`postgres://USER@HOST:PORT/DB`).
public enum StoreLocation: Sendable, Hashable {
    /// An embedded SQLite file, created when missing.
    case sqlite(path: String)
    /// A PostgreSQL database, reached through libpq with this connection URI.
    case postgres(url: String)

    /// Reads what `--db` says: a `postgres://` or `postgresql://` URI names a PostgreSQL
    /// database, anything else a file.
    public init(_ text: String) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else {
            self = .sqlite(path: text)
        }
    }

    /// Opens the database and brings its schema up to date; `poolSize` bounds the
    /// connections a PostgreSQL store keeps open (SQLite's readers have their own bound),
    /// and `mediaFolder` is where a PostgreSQL store's uploads go (a SQLite file keeps them
    /// beside itself); `roundTripLimit` bounds a PostgreSQL statement's wait for the server
    /// (`PostgresDatabase.roundTripLimit`).
    public func open(
        poolSize: Int = StoreLocation.defaultPoolSize, mediaFolder: String = "kitchen.media",
        roundTripLimit: Duration? = PostgresDatabase.defaultRoundTripLimit
    ) throws -> any KitchenDatabase {
        switch self {
        case .sqlite(let path):
            return try Database.open(path: path, migrations: DomainMigrations.all)
        case .postgres(let url):
            return try PostgresDatabase.open(
                url: url, poolSize: poolSize, mediaFolder: mediaFolder, roundTripLimit: roundTripLimit)
        }
    }

    /// The location as a log line may show it: a connection string loses its password.
    public var shown: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url): return Self.withoutPassword(url)
        }
    }

    /// `postgres://user:secret@host/db` → `postgres://user@host/db`.
    static func withoutPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        guard let at = rest.firstIndex(of: "@"),
            let colon = rest[..<at].firstIndex(of: ":")
        else { return url }
        return String(url[..<colon]) + String(rest[at...])
    }

    /// Connections a PostgreSQL store opens at most unless told (`--db-pool`): one per
    /// server thread of a small machine, with room for the event listener's.
    public static let defaultPoolSize = 8
}

