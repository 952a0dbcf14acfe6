/// How a PostgreSQL commit learns what it changed and tells every instance: a row trigger
/// on every table notes each changed row (the table, the columns an update changed, the
/// row's key values before and after) in a temporary table of the writing session, and the
/// write, just before `COMMIT`, takes those notes out, sends them with `pg_notify` on the
/// schema's channel — delivered to every listening instance when, and only if, the
/// transaction commits — and hands them to its own caches after the commit.
///
/// The change set comes from the commit itself: whatever a statement, a cascade or
/// another trigger changed is noted, and a write Kitchen did not make (an operator's
/// `psql`, whose session has no notes table) sends "everything" instead.
enum PostgresChangeCapture {
    /// The channel prefix; the channel is this and the schema's name (a test cluster holds
    /// many schemas, each one Kitchen's database).
    static let channelPrefix = "kitchen_changes_"

    /// The channel of the schema `c` works in.
    static func channel(_ c: PostgresConnection) throws -> String {
        let schema = try c.plumbing("SELECT current_schema()").first?.first ?? nil
        return channel(schema: schema ?? "public")
    }

    /// The channel of `schema`, cut to PostgreSQL's 63-byte identifiers as the trigger cuts it.
    static func channel(schema: String) -> String {
        String(decoding: Array((channelPrefix + schema).utf8.prefix(63)), as: UTF8.self)
    }

    /// The trigger function (migration 6). A key value is any whole number in a column
    /// named `id` or ending in `_id`, which covers every key column a `DataCatalog` names.
    static let function = """
        CREATE FUNCTION kitchen_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
            new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
        BEGIN
            IF TG_OP = 'UPDATE' AND old_row = new_row THEN RETURN NULL; END IF;
            IF to_regclass('pg_temp.kitchen_changes') IS NULL THEN
                PERFORM pg_notify(left('kitchen_changes_' || TG_TABLE_SCHEMA, 63), '*');
                RETURN NULL;
            END IF;
            INSERT INTO pg_temp.kitchen_changes (table_name, columns, keys) VALUES (
                TG_TABLE_NAME,
                CASE WHEN TG_OP = 'UPDATE' THEN (
                    SELECT string_agg(n.key, ',') FROM jsonb_each(new_row) n
                    WHERE n.value IS DISTINCT FROM old_row -> n.key) END,
                coalesce((
                    SELECT string_agg(DISTINCT e.key || '=' || (e.value #>> '{}'), ',')
                    FROM (SELECT * FROM jsonb_each(old_row) UNION ALL SELECT * FROM jsonb_each(new_row)) e
                    WHERE (e.key = 'id' OR e.key LIKE '%\\_id') AND jsonb_typeof(e.value) = 'number'
                        AND (e.value #>> '{}') ~ '^-?[0-9]+$'), ''));
            RETURN NULL;
        END $$;
        """

    /// Puts the trigger on every table of the schema that lacks it (run after every
    /// migration, so tables added later are covered); the schema's version table is left
    /// out, as it holds no data.
    static let attachTriggers = """
        DO $$
        DECLARE t record;
        BEGIN
            IF to_regprocedure('kitchen_note_change()') IS NULL THEN RETURN; END IF;
            FOR t IN SELECT c.relname FROM pg_class c
                WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
                    AND c.relname <> 'kitchen_schema_version'
                    AND NOT EXISTS (SELECT 1 FROM pg_trigger g
                        WHERE g.tgrelid = c.oid AND g.tgname = 'kitchen_changes')
            LOOP
                EXECUTE format('CREATE TRIGGER kitchen_changes AFTER INSERT OR UPDATE OR DELETE ON %I
                    FOR EACH ROW EXECUTE FUNCTION kitchen_note_change()', t.relname);
            END LOOP;
        END $$;
        """

    /// The session's notes table, made once per connection before its first write.
    static let notesTable = """
        CREATE TEMPORARY TABLE IF NOT EXISTS kitchen_changes (
            table_name TEXT NOT NULL, columns TEXT, keys TEXT NOT NULL)
        """

    /// Takes the notes of the transaction open on `c` out of its notes table, and sends
    /// them on `channel` as `instance`'s (a set too large for a notification goes as
    /// "everything"). Call it last inside the write transaction.
    static func publish(_ c: PostgresConnection, channel: String, instance: String) throws -> NamedChanges {
        var changes = NamedChanges()
        for row in try c.plumbing("DELETE FROM pg_temp.kitchen_changes RETURNING table_name, columns, keys") {
            changes.note(table: row[0] ?? "", columns: row[1], keys: row[2] ?? "")
        }
        guard !changes.isEmpty else { return changes }
        var payload = changes.payload(instance: instance)
        if payload.utf8.count > NamedChanges.payloadLimit {
            changes = .everything
            payload = changes.payload(instance: instance)
        }
        _ = try c.plumbing("SELECT pg_notify($1, $2)", [channel, payload])
        return changes
    }
}
