extension DomainMigrations {
    /// Step 12: one search index per tier of results, so a page reads only the index of
    /// the columns its tier matches in (see `SearchTiers`).
    static let searchTiers = Migration(
        version: 12, name: "search index per tier", sql: DomainSchema.searchTiers)
}

extension DomainSchema {
    /// Indexes of fewer columns beside `recipe_search` and `user_search`, filled from them:
    /// recipe names; recipe names and ingredients; user names. Each holds the same
    /// pre-tokenized text as the wider table, under the same rowid, and is written with it.
    ///
    /// With one table for every column, a keyword common in ingredients but in no name (生抽
    /// in 17,880 of 100,000 recipes) made the name tier walk all of its matches to find
    /// none; here that tier's walk only meets rows whose name has the keyword's characters.
    static let searchTiers = """
        CREATE VIRTUAL TABLE recipe_name_search USING fts5(
            name,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        CREATE VIRTUAL TABLE recipe_name_ingredient_search USING fts5(
            name, ingredients,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        CREATE VIRTUAL TABLE user_name_search USING fts5(
            name,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO recipe_name_search (rowid, name) SELECT rowid, name FROM recipe_search;
        INSERT INTO recipe_name_ingredient_search (rowid, name, ingredients)
            SELECT rowid, name, ingredients FROM recipe_search;
        INSERT INTO user_name_search (rowid, name) SELECT rowid, name FROM user_search;
        """
}
