extension DomainMigrations {
    /// Step 13: every dish, recipe and topic keeps its comment count, so showing it reads
    /// one row instead of counting the thread (a popular recipe's 146 comments were most of
    /// a feed's count statement, and it grew with every comment).
    static let commentCounts = Migration(
        version: 13, name: "comment counts", sql: DomainSchema.commentCounts)
}

extension DomainSchema {
    /// `comments_count` on `dishes`, `recipes` and `topics`, filled from the comments
    /// already there and kept by triggers, so every way a comment comes or goes — a
    /// comment, its author's account deleted by a cascade, its target deleted with its
    /// thread, another process — moves it. A comment's target is never changed.
    static let commentCounts = """
        ALTER TABLE dishes ADD COLUMN comments_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE recipes ADD COLUMN comments_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE topics ADD COLUMN comments_count INTEGER NOT NULL DEFAULT 0;
        UPDATE dishes SET comments_count = (
            SELECT count(*) FROM comments WHERE target_kind = 'dish' AND target_id = dishes.id);
        UPDATE recipes SET comments_count = (
            SELECT count(*) FROM comments WHERE target_kind = 'recipe' AND target_id = recipes.id);
        UPDATE topics SET comments_count = (
            SELECT count(*) FROM comments WHERE target_kind = 'topic' AND target_id = topics.id);
        CREATE TRIGGER dish_comment_counted AFTER INSERT ON comments WHEN NEW.target_kind = 'dish' BEGIN
            UPDATE dishes SET comments_count = comments_count + 1 WHERE id = NEW.target_id;
        END;
        CREATE TRIGGER dish_comment_uncounted AFTER DELETE ON comments WHEN OLD.target_kind = 'dish' BEGIN
            UPDATE dishes SET comments_count = comments_count - 1 WHERE id = OLD.target_id;
        END;
        CREATE TRIGGER recipe_comment_counted AFTER INSERT ON comments WHEN NEW.target_kind = 'recipe' BEGIN
            UPDATE recipes SET comments_count = comments_count + 1 WHERE id = NEW.target_id;
        END;
        CREATE TRIGGER recipe_comment_uncounted AFTER DELETE ON comments WHEN OLD.target_kind = 'recipe' BEGIN
            UPDATE recipes SET comments_count = comments_count - 1 WHERE id = OLD.target_id;
        END;
        CREATE TRIGGER topic_comment_counted AFTER INSERT ON comments WHEN NEW.target_kind = 'topic' BEGIN
            UPDATE topics SET comments_count = comments_count + 1 WHERE id = NEW.target_id;
        END;
        CREATE TRIGGER topic_comment_uncounted AFTER DELETE ON comments WHEN OLD.target_kind = 'topic' BEGIN
            UPDATE topics SET comments_count = comments_count - 1 WHERE id = OLD.target_id;
        END;
        """
}
