import Foundation

/// Forums and their topics.
public struct ForumRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    static let topicColumns = "id, forum_id, author_id, title, body, created_at"
    static let topicsByID = ByIDQuery(from: "topics", columns: topicColumns)

    static func topic<R: ColumnReader>(_ row: R, at o: Int = 0) -> Topic {
        Topic(
            id: row.int64(o), forumID: row.int64(o + 1), authorID: row.int64(o + 2),
            title: row.string(o + 3), body: row.string(o + 4),
            createdAt: Date(milliseconds: row.int64(o + 5)))
    }

    /// Every forum, in their set order.
    public func forums() throws -> [Forum] {
        try database.read { c in
            try c.query("SELECT id, name, description FROM forums ORDER BY position, id") {
                Forum(id: $0.int64(0), name: $0.string(1), description: $0.optionalString(2))
            }
        }
    }

    /// Forums by id.
    public func forums(ids: [Int64]) throws -> [Int64: Forum] {
        guard !ids.isEmpty else { return [:] }
        let wanted = Set(ids)
        return Dictionary(
            uniqueKeysWithValues: try forums().filter { wanted.contains($0.id) }.map { ($0.id, $0) })
    }

    /// Topics by id, in one statement.
    public func topics(ids: [Int64]) throws -> [Int64: Topic] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in
            let rows = try c.rows(byID: ids, Self.topicsByID) { Self.topic($0) }
            return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        }
    }

    /// A forum's topics, newest first.
    public func topics(forumID: Int64, page: PageRequest) throws -> Page<Topic> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, \(Self.topicColumns) FROM topics
                WHERE forum_id = ? AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, arguments: [forumID] + descendingBounds(page), request: page
            ) { Self.topic($0, at: 1) }
        }
    }

    private static let topicsCountQuery = IDJoinQuery(
        "SELECT wanted_id, (SELECT count(*) FROM topics WHERE forum_id = wanted_id) FROM %@ AS wanted")

    /// Topic counts of many forums in one statement.
    public func topicsCounts(forumIDs: [Int64]) throws -> [Int64: Int] {
        guard !forumIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.counts(Self.topicsCountQuery, ids: forumIDs, keyedBy: ("topics", "forum_id"))
        }
    }

    /// Opens a topic in a forum; the title must not be blank.
    public func createTopic(forumID: Int64, authorID: Int64, title: String, body: String) throws
        -> Topic
    {
        let title = try Validation.nonBlank(title, field: "title")
        return try database.write { c in
            guard try c.exists("SELECT 1 FROM forums WHERE id = ?", forumID) else {
                throw DomainError.notFound("No forum has this ID.")
            }
            try c.execute(
                "INSERT INTO topics (forum_id, author_id, title, body, created_at) VALUES (?, ?, ?, ?, ?)",
                forumID, authorID, title, body, clock().milliseconds)
            let id = c.lastInsertRowID
            return try c.queryFirst(
                "SELECT \(Self.topicColumns) FROM topics WHERE id = ?", id, row: { Self.topic($0) })!
        }
    }
}
