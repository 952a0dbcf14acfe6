extension DomainSchema {
    /// Uploaded pictures, one row per distinct content (by SHA-256), and the change events
    /// that feed subscriptions across processes.
    ///
    /// A picture is referenced from the existing URL columns as `/media/<hash>`, so legacy
    /// URL photos and uploads live side by side; `media` keeps what only an upload has
    /// (format, pixel size, byte count). `events` rows are written in the same transaction
    /// as the change they announce and pruned by `EventLog.append` as new ones arrive; the
    /// id is `AUTOINCREMENT` so that a pruned id is never reused and `id > last seen` stays
    /// a correct cursor for every poller. (Step 11, `plainEventIDs`, drops `AUTOINCREMENT`:
    /// pruning never removes the newest row, so a plain rowid never goes back either.)
    static let mediaAndEvents = """
        CREATE TABLE media (
            hash TEXT PRIMARY KEY CHECK (length(hash) = 64),
            format TEXT NOT NULL CHECK (format IN ('jpeg', 'png', 'webp')),
            width INTEGER NOT NULL CHECK (width > 0),
            height INTEGER NOT NULL CHECK (height > 0),
            byte_count INTEGER NOT NULL CHECK (byte_count > 0),
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            topic TEXT NOT NULL,
            payload TEXT NOT NULL DEFAULT '',
            created_at INTEGER NOT NULL
        );
        """
}
