extension DomainMigrations {
    /// Step 10: a dish keeps its like count, so showing it reads one row instead of counting
    /// every like (a popular dish's count was the feed's largest cost, and grew with it).
    static let dishLikeCounts = Migration(
        version: 10, name: "dish like counts", sql: DomainSchema.dishLikeCounts)
}

extension DomainSchema {
    /// `dishes.likes_count`, filled from the likes already there and kept by triggers, so
    /// every way a like comes or goes — a like, an unlike, a dish or user deleted with its
    /// likes by a cascade, another process — moves it. A like that already exists is never
    /// inserted twice (`ON CONFLICT DO NOTHING` fires no trigger).
    static let dishLikeCounts = """
        ALTER TABLE dishes ADD COLUMN likes_count INTEGER NOT NULL DEFAULT 0;
        UPDATE dishes SET likes_count = (SELECT count(*) FROM dish_likes l WHERE l.dish_id = dishes.id);
        CREATE TRIGGER dish_like_counted AFTER INSERT ON dish_likes BEGIN
            UPDATE dishes SET likes_count = likes_count + 1 WHERE id = NEW.dish_id;
        END;
        CREATE TRIGGER dish_like_uncounted AFTER DELETE ON dish_likes BEGIN
            UPDATE dishes SET likes_count = likes_count - 1 WHERE id = OLD.dish_id;
        END;
        """
}
