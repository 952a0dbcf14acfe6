extension DomainMigrations {
    /// Step 11: the event log's ids without `AUTOINCREMENT`, so an event costs one page
    /// written, not two.
    static let plainEventIDs = Migration(
        version: 11, name: "event ids without AUTOINCREMENT", sql: DomainSchema.plainEventIDs)
}

extension DomainSchema {
    /// `events` rebuilt with a plain `INTEGER PRIMARY KEY`.
    ///
    /// `AUTOINCREMENT` keeps the largest id ever used in `sqlite_sequence`, and updating
    /// that row wrote one more page on every commit that announces a change: a third of the
    /// WAL written by a cart mutation (three frames, now two). Ids still never go back: a
    /// plain rowid is one more than the largest in the table, and `EventLog.append` prunes
    /// only rows far below the newest, so the newest row, and with it every poller's
    /// `id > last seen` cursor, stays valid. The events already there keep their ids.
    static let plainEventIDs = """
        CREATE TABLE events_plain (
            id INTEGER PRIMARY KEY,
            topic TEXT NOT NULL,
            payload TEXT NOT NULL DEFAULT '',
            created_at INTEGER NOT NULL
        );
        INSERT INTO events_plain (id, topic, payload, created_at)
            SELECT id, topic, payload, created_at FROM events;
        DROP TABLE events;
        ALTER TABLE events_plain RENAME TO events;
        DELETE FROM sqlite_sequence WHERE name = 'events';
        """
}
