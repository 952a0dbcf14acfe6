extension DomainSchema {
    /// Recipes with their ingredients and steps, collections, and drafts.
    ///
    /// Steps and ingredients are rows with a 0-based `position`, unique per parent. Every
    /// edit of a draft's steps rewrites that draft's rows inside one write transaction on the
    /// single writer connection, so two devices editing at once are serialized: each edit
    /// sees the other's result, and a step can neither vanish nor appear twice.
    static let recipes = """
        CREATE TABLE recipes (
            id INTEGER PRIMARY KEY,
            author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            description TEXT,
            cover_url TEXT,
            tips TEXT,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX recipes_page ON recipes(created_at DESC, id DESC);
        CREATE INDEX recipes_by_author_page ON recipes(author_id, created_at DESC, id DESC);

        CREATE TABLE recipe_ingredients (
            recipe_id INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            name TEXT NOT NULL,
            amount TEXT NOT NULL,
            PRIMARY KEY (recipe_id, position)
        ) WITHOUT ROWID;

        CREATE TABLE recipe_steps (
            recipe_id INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            text TEXT NOT NULL,
            image_url TEXT,
            PRIMARY KEY (recipe_id, position)
        ) WITHOUT ROWID;

        CREATE TABLE collections (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            recipe_id INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            UNIQUE (user_id, recipe_id)
        );
        CREATE INDEX collections_page ON collections(user_id, created_at DESC, id DESC);
        CREATE INDEX collections_by_recipe ON collections(recipe_id);

        CREATE TABLE drafts (
            id INTEGER PRIMARY KEY,
            author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            description TEXT,
            cover_url TEXT,
            tips TEXT,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX drafts_page ON drafts(author_id, updated_at DESC, id DESC);

        CREATE TABLE draft_steps (
            draft_id INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            text TEXT NOT NULL DEFAULT '',
            image_url TEXT,
            PRIMARY KEY (draft_id, position)
        ) WITHOUT ROWID;

        CREATE TABLE draft_ingredients (
            draft_id INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            name TEXT NOT NULL,
            amount TEXT NOT NULL,
            PRIMARY KEY (draft_id, position)
        ) WITHOUT ROWID;
        """

    /// Dishes with photos, tags and likes; comments with mentions; forums and topics.
    ///
    /// A comment's target is a (kind, id) pair because three tables can be commented on;
    /// triggers delete a target's comments with it, which a foreign key cannot express.
    static let community = """
        CREATE TABLE dishes (
            id INTEGER PRIMARY KEY,
            author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            recipe_id INTEGER REFERENCES recipes(id) ON DELETE SET NULL,
            description TEXT,
            meal TEXT CHECK (meal IN ('BREAKFAST', 'LUNCH', 'DINNER')),
            created_at INTEGER NOT NULL
        );
        CREATE INDEX dishes_page ON dishes(created_at DESC, id DESC);
        CREATE INDEX dishes_by_author_page ON dishes(author_id, created_at DESC, id DESC);
        CREATE INDEX dishes_by_recipe_page ON dishes(recipe_id, created_at DESC, id DESC);

        CREATE TABLE dish_photos (
            dish_id INTEGER NOT NULL REFERENCES dishes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 8),
            url TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            PRIMARY KEY (dish_id, position)
        ) WITHOUT ROWID;

        CREATE TABLE dish_tags (
            dish_id INTEGER NOT NULL REFERENCES dishes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            tag TEXT NOT NULL CHECK (length(trim(tag)) > 0),
            PRIMARY KEY (dish_id, position),
            UNIQUE (dish_id, tag)
        ) WITHOUT ROWID;

        CREATE TABLE dish_likes (
            dish_id INTEGER NOT NULL REFERENCES dishes(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (dish_id, user_id)
        ) WITHOUT ROWID;
        CREATE INDEX dish_likes_by_user ON dish_likes(user_id, dish_id);

        CREATE TABLE forums (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            description TEXT,
            position INTEGER NOT NULL
        );

        CREATE TABLE topics (
            id INTEGER PRIMARY KEY,
            forum_id INTEGER NOT NULL REFERENCES forums(id) ON DELETE CASCADE,
            author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            title TEXT NOT NULL CHECK (length(trim(title)) > 0),
            body TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX topics_page ON topics(forum_id, created_at DESC, id DESC);

        CREATE TABLE comments (
            id INTEGER PRIMARY KEY,
            target_kind TEXT NOT NULL CHECK (target_kind IN ('dish', 'recipe', 'topic')),
            target_id INTEGER NOT NULL,
            author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            text TEXT NOT NULL CHECK (length(trim(text)) > 0 AND length(text) <= 2000),
            reply_to_id INTEGER REFERENCES comments(id) ON DELETE SET NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX comments_page ON comments(target_kind, target_id, created_at, id);
        CREATE INDEX comments_by_author ON comments(author_id);

        CREATE TABLE comment_mentions (
            comment_id INTEGER NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            PRIMARY KEY (comment_id, position),
            UNIQUE (comment_id, user_id)
        ) WITHOUT ROWID;

        CREATE TRIGGER dishes_delete_comments AFTER DELETE ON dishes BEGIN
            DELETE FROM comments WHERE target_kind = 'dish' AND target_id = OLD.id;
        END;
        CREATE TRIGGER recipes_delete_comments AFTER DELETE ON recipes BEGIN
            DELETE FROM comments WHERE target_kind = 'recipe' AND target_id = OLD.id;
        END;
        CREATE TRIGGER topics_delete_comments AFTER DELETE ON topics BEGIN
            DELETE FROM comments WHERE target_kind = 'topic' AND target_id = OLD.id;
        END;
        """
}
