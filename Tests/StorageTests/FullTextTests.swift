import Testing

@testable import Storage

/// What this SQLite (3.40.1) can and cannot do for Chinese search, and the approach Kitchen
/// takes (`FullText`): a `unicode61` table with every CJK character spaced apart.
@Suite("Full-text search")
struct FullTextTests {
    let directory: TemporaryDirectory
    let c: Connection

    static let recipes = [
        (1, "红烧排骨", "家常红烧做法，酱香浓郁"),
        (2, "清蒸鲈鱼", "鲜嫩的鱼，不放红烧酱"),
        (3, "Braised pork ribs", "Slow cooked ribs, red-braised the Shanghai way"),
        (4, "排骨汤", "炖两个小时的排骨"),
        (5, "番茄炒蛋", "酸甜可口"),
    ]

    init() throws {
        directory = try TemporaryDirectory()
        c = try Connection(path: directory.path())
        try c.executeScript(
            """
            CREATE VIRTUAL TABLE trigram_search USING fts5(name, body, tokenize = 'trigram');
            CREATE VIRTUAL TABLE recipe_search USING fts5(
                name, body, tokenize = 'porter unicode61 remove_diacritics 2');
            """)
        for (id, name, body) in Self.recipes {
            try c.execute("INSERT INTO trigram_search (rowid, name, body) VALUES (?, ?, ?)", id, name, body)
            try c.execute(
                "INSERT INTO recipe_search (rowid, name, body) VALUES (?, ?, ?)",
                id, FullText.indexable(name), FullText.indexable(body))
        }
    }

    private func search(_ keyword: String) throws -> [Int] {
        guard let match = FullText.matchExpression(keyword) else { return [] }
        return try c.query(
            "SELECT rowid FROM recipe_search WHERE recipe_search MATCH ? ORDER BY bm25(recipe_search, 10.0, 1.0)",
            match
        ) { $0.int(0) }
    }

    @Test("trigram finds a Chinese keyword of three characters or more")
    func trigramLongKeyword() throws {
        let ids = try c.query("SELECT rowid FROM trigram_search WHERE trigram_search MATCH ?", "红烧排骨") { $0.int(0) }
        #expect(ids == [1])
    }

    @Test("trigram cannot match a two-character keyword: MATCH and LIKE both find nothing")
    func trigramShortKeyword() throws {
        let matched = try c.query("SELECT rowid FROM trigram_search WHERE trigram_search MATCH ?", "红烧") { $0.int(0) }
        #expect(matched == [])
        // SQLite 3.40.1 bug: a LIKE pattern with fewer than three non-ASCII characters goes to the
        // trigram index and returns no rows, where it should scan. (ASCII patterns do scan.)
        let liked = try c.query("SELECT rowid FROM trigram_search WHERE name LIKE ?", "%红烧%") { $0.int(0) }
        #expect(liked == [])
        let scanned = try c.query("SELECT rowid FROM trigram_search WHERE +name LIKE ?", "%红烧%") { $0.int(0) }
        #expect(scanned == [1])
    }

    @Test("two-character Chinese keywords find every row containing them, names first")
    func twoCharacterChinese() throws {
        #expect(try search("红烧") == [1, 2])
        #expect(try search("排骨") == [4, 1])
    }

    @Test("one character and long keywords work too, and characters apart do not match")
    func otherLengths() throws {
        #expect(try search("鱼").sorted() == [2])
        #expect(try search("红烧排骨") == [1])
        #expect(try search("排汤") == [])
    }

    @Test("English words match whole words, stemmed, and several keywords must all match")
    func english() throws {
        #expect(try search("rib") == [3])
        #expect(try search("Braised PORK") == [3])
        #expect(try search("pork 排骨") == [])
        #expect(try search("排骨 炖") == [4])
    }

    @Test("query syntax in the input is searched as text, never interpreted")
    func noQueryInjection() throws {
        #expect(FullText.matchExpression("red\" OR \"x") == "\"red\"\"\" AND \"OR\" AND \"\"\"x\"")
        #expect(try search("\"pork\" OR ribs*") == [])
        #expect(try search("NEAR(a b) body:x ^-") == [])
        #expect(FullText.matchExpression("  ，。!  ") == nil)
    }

    @Test("the kitchen_search_text SQL function keeps an index in step from a trigger")
    func triggerFunction() throws {
        try c.executeScript(
            """
            CREATE TABLE dishes (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE VIRTUAL TABLE dish_search USING fts5(title, tokenize = 'unicode61');
            CREATE TRIGGER dishes_search AFTER INSERT ON dishes BEGIN
                INSERT INTO dish_search (rowid, title) VALUES (new.id, kitchen_search_text(new.title));
            END;
            """)
        try c.execute("INSERT INTO dishes (title) VALUES (?)", "周末的红烧肉")
        let match = try #require(FullText.matchExpression("红烧"))
        #expect(try c.query("SELECT rowid FROM dish_search WHERE dish_search MATCH ?", match) { $0.int(0) } == [1])
        #expect(try c.queryFirst("SELECT kitchen_search_text(NULL) IS NULL") { $0.bool(0) } == true)
    }
}
