import Foundation

/// Forums and topics on PostgreSQL (`ForumStore`).
struct PostgresForums: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    static let columns = ForumRepository.topicColumns
}

extension PostgresForums: ForumStore {
    func forums() throws -> [Forum] {
        try database.read { c in
            try c.query("SELECT id, name, description FROM forums ORDER BY position, id") {
                Forum(id: $0.int64(0), name: $0.string(1), description: $0.optionalString(2))
            }
        }
    }

    func forums(ids: [Int64]) throws -> [Int64: Forum] {
        guard !ids.isEmpty else { return [:] }
        let wanted = Set(ids)
        return Dictionary(uniqueKeysWithValues: try forums().filter { wanted.contains($0.id) }.map { ($0.id, $0) })
    }

    func topics(ids: [Int64]) throws -> [Int64: Topic] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in
            let rows = try c.query(
                "SELECT \(Self.columns) FROM topics WHERE id = ANY($1::bigint[])", arguments: [.integers(distinct(ids))]
            ) { ForumRepository.topic($0) }
            return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        }
    }

    func topics(forumID: Int64, page: PageRequest) throws -> Page<Topic> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, \(Self.columns) FROM topics
                WHERE forum_id = $1 AND (created_at, id) < ($2, $3)
                ORDER BY created_at DESC, id DESC LIMIT $4
                """, arguments: [.integer(forumID)] + newestFirstBounds(page), request: page
            ) { ForumRepository.topic($0, at: 1) }
        }
    }

    func topics(forumIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Topic>] {
        try database.read { c in
            try c.pages(
                table: "topics", parentColumn: "forum_id", columns: Self.columns, parentIDs: forumIDs,
                request: page) { ForumRepository.topic($0, at: 2) }
        }
    }

    func topicsCounts(forumIDs: [Int64]) throws -> [Int64: Int] {
        guard !forumIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.counts("SELECT forum_id, count(*) FROM topics WHERE forum_id = ANY($1::bigint[]) GROUP BY 1", ids: forumIDs)
        }
    }

    func createTopic(forumID: Int64, authorID: Int64, title: String, body: String) throws -> Topic {
        let title = try Validation.nonBlank(title, field: "title")
        return try database.write { c in
            guard try c.exists("SELECT 1 FROM forums WHERE id = $1", forumID) else {
                throw DomainError.notFound("No forum has this ID.")
            }
            return try c.queryFirst(
                """
                INSERT INTO topics (forum_id, author_id, title, body, created_at) VALUES ($1, $2, $3, $4, $5)
                RETURNING \(Self.columns)
                """, forumID, authorID, title, body, clock().milliseconds) { ForumRepository.topic($0) }!
        }
    }
}
