extension PostgresSchema {
    /// Migration 8, as SQLite's step 13 (`DomainSchema.commentCounts`): `comments_count` on
    /// `dishes`, `recipes` and `topics`, filled from the comments already there and kept by
    /// a trigger, so every way a comment comes or goes — a comment, its author's account
    /// deleted by a cascade, its target deleted with its thread, another process — moves
    /// it. A comment's target is never changed.
    static let commentCounts = """
        ALTER TABLE dishes ADD COLUMN comments_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE recipes ADD COLUMN comments_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE topics ADD COLUMN comments_count INTEGER NOT NULL DEFAULT 0;
        \(countComments)
        CREATE FUNCTION kitchen_count_comments() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            changed comments%ROWTYPE;
            delta INTEGER;
        BEGIN
            IF TG_OP = 'INSERT' THEN changed := NEW; delta := 1; ELSE changed := OLD; delta := -1; END IF;
            CASE changed.target_kind
            WHEN 'dish' THEN
                UPDATE dishes SET comments_count = comments_count + delta WHERE id = changed.target_id;
            WHEN 'recipe' THEN
                UPDATE recipes SET comments_count = comments_count + delta WHERE id = changed.target_id;
            ELSE
                UPDATE topics SET comments_count = comments_count + delta WHERE id = changed.target_id;
            END CASE;
            RETURN NULL;
        END $$;
        CREATE TRIGGER comments_counted AFTER INSERT OR DELETE ON comments
            FOR EACH ROW EXECUTE FUNCTION kitchen_count_comments();
        """

    /// Sets every kept comment count to the number of comments its thread has: the
    /// migration's fill, and again after an import has copied the rows.
    static let countComments = """
        UPDATE dishes SET comments_count = (
            SELECT count(*) FROM comments WHERE target_kind = 'dish' AND target_id = dishes.id);
        UPDATE recipes SET comments_count = (
            SELECT count(*) FROM comments WHERE target_kind = 'recipe' AND target_id = recipes.id);
        UPDATE topics SET comments_count = (
            SELECT count(*) FROM comments WHERE target_kind = 'topic' AND target_id = topics.id);
        """
}
