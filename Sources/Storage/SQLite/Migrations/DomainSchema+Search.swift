extension DomainSchema {
    /// Full-text search over recipes and users, the search history and the search log.
    ///
    /// Chinese has no spaces and its words are mostly two characters long. FTS5's
    /// `trigram` tokenizer cannot match a query shorter than three characters, so 红烧 or 排骨
    /// would find nothing; `unicode61` alone reads a whole run of Han characters as one
    /// token, so 排骨 would not match 红烧排骨. SQLite has no Chinese word breaker, so the
    /// indexed columns hold text prepared by `FullText.indexable(_:)`, in which every CJK
    /// character is a token of its own, and a keyword becomes a quoted phrase by
    /// `FullText.matchExpression(_:)`: 红烧 is the phrase "红 烧", which matches those two
    /// characters side by side anywhere (tested: 红烧, 排骨, 鸡蛋, 羹, 红烧排骨; 排骨红烧 finds
    /// nothing). Bigram tokens were tried too; per-character tokens do the same with less
    /// index and need no special case for one-character keywords. `porter unicode61` folds
    /// case and diacritics and stems English (`eggs` finds `egg`). Results are ranked by
    /// where they match, name above ingredients above the description, newest first
    /// within each (`SearchTiers`): bm25 scored every match, so a page cost grew with the
    /// number of matches, while tiers walk the index newest first and stop. The tables
    /// are plain FTS5 tables whose rowid is the recipe's or user's id; the scale generator
    /// fills them in one statement with the SQL function `kitchen_search_text`.
    static let search = """
        CREATE VIRTUAL TABLE recipe_search USING fts5(
            name, ingredients, description,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );

        CREATE VIRTUAL TABLE user_search USING fts5(
            name, username,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );

        -- Newest first by id: recording a keyword again deletes and re-inserts it.
        CREATE TABLE search_history (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            keyword TEXT NOT NULL CHECK (length(trim(keyword)) > 0),
            UNIQUE (user_id, keyword)
        );
        CREATE INDEX search_history_page ON search_history(user_id, id DESC);

        -- Every recorded search, for the popular keywords of the last days.
        CREATE TABLE search_log (
            id INTEGER PRIMARY KEY,
            keyword TEXT NOT NULL,
            searched_at INTEGER NOT NULL
        );
        CREATE INDEX search_log_by_time ON search_log(searched_at, keyword);

        -- What `popularKeywords` shows when there is too little traffic.
        CREATE TABLE curated_keywords (
            position INTEGER PRIMARY KEY,
            keyword TEXT NOT NULL UNIQUE
        );
        """
}
