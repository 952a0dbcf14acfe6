import Foundation

/// Comments on dishes, recipes and topics, with mentions and replies.
public struct CommentRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    /// The longest comment, in characters.
    public static let maximumLength = 2000

    static let columns = "id, target_kind, target_id, author_id, text, reply_to_id, created_at"
    static let byID = ByIDQuery(from: "comments", columns: columns)

    static func comment<R: ColumnReader>(_ row: R, at o: Int = 0) -> Comment {
        Comment(
            id: row.int64(o),
            target: CommentTarget(kind: row.string(o + 1), id: row.int64(o + 2)) ?? .dish(0),
            authorID: row.int64(o + 3), text: row.string(o + 4),
            replyToID: row.optionalInt64(o + 5), createdAt: Date(milliseconds: row.int64(o + 6)))
    }

    /// Comments by id, in one statement.
    public func comments(ids: [Int64]) throws -> [Int64: Comment] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.comments(ids: ids, c) }
    }

    static func comments(ids: [Int64], _ c: Connection) throws -> [Int64: Comment] {
        let rows = try c.rows(byID: ids, byID) { comment($0) }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    // The join walks the `(comment_id, position)` key, so each comment's mentions come in
    // their order.
    static let mentionsQuery = IDJoinQuery(
        """
        SELECT comment_id, user_id
        FROM %@ AS wanted CROSS JOIN comment_mentions ON comment_id = wanted.wanted_id
        ORDER BY comment_id, position
        """)

    /// The users each comment mentions, in order of first appearance, in one statement.
    public func mentions(commentIDs: [Int64]) throws -> [Int64: [Int64]] {
        guard !commentIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.children(Self.mentionsQuery, of: commentIDs) { ($0.int64(0), $0.int64(1)) }
        }
    }

    /// A thread's comments, oldest first.
    public func comments(target: CommentTarget, page: PageRequest) throws -> Page<Comment> {
        try database.read { c in
            try c.page(
                """
                SELECT created_at, \(Self.columns) FROM comments
                WHERE target_kind = ? AND target_id = ? AND (created_at, id) > (?, ?)
                ORDER BY created_at, id LIMIT ?
                """, arguments: [target.kind, target.id] + ascendingBounds(page), request: page
            ) { Self.comment($0, at: 1) }
        }
    }

    /// Comment counts of many threads: one statement per kind of target, reading the count
    /// each dish, recipe and topic keeps (migration 13), one row each however long its
    /// thread is.
    public func commentsCounts(targets: [CommentTarget]) throws -> [CommentTarget: Int] {
        guard !targets.isEmpty else { return [:] }
        return try database.read { c in
            var result: [CommentTarget: Int] = [:]
            for (_, group) in grouped(targets.map { ($0.kind, $0) }) {
                let table = Self.table(of: group[0])
                let counts = try c.counts(Self.countsQuery(of: group[0]), ids: group.map(\.id), keyedBy: (table, "id"))
                for target in group { result[target] = counts[target.id] ?? 0 }
            }
            return result
        }
    }

    /// The newest `limit` comments of each of many threads (newest first), in one
    /// statement per kind of target, for list screens that preview a thread.
    public func latestComments(targets: [CommentTarget], limit: Int) throws
        -> [CommentTarget: [Comment]]
    {
        guard !targets.isEmpty, limit > 0 else { return [:] }
        return try database.read { c in
            var result: [CommentTarget: [Comment]] = [:]
            for (kind, group) in grouped(targets.map { ($0.kind, $0) }) {
                let list = SQLList(distinct(group.map(\.id)))
                let rows = try c.query(
                    """
                    SELECT \(Self.columns) FROM (
                        SELECT *, row_number() OVER (
                            PARTITION BY target_id ORDER BY created_at DESC, id DESC) AS n
                        FROM comments WHERE target_kind = ? AND target_id IN (\(list.placeholders))
                    ) WHERE n <= ? ORDER BY target_id, created_at DESC, id DESC
                    """, arguments: [kind] + list.arguments + [limit]
                ) { Self.comment($0) }
                for comment in rows {
                    result[comment.target, default: []].append(comment)
                }
                for target in group where result[target] == nil { result[target] = [] }
            }
            return result
        }
    }

    /// Whether a thread's target exists.
    public func targetExists(_ target: CommentTarget) throws -> Bool {
        try database.read { c in try Self.targetExists(target, c) }
    }

    static func targetExists(_ target: CommentTarget, _ c: Connection) throws -> Bool {
        try c.exists("SELECT 1 FROM \(table(of: target)) WHERE id = ?", target.id)
    }

    /// The statement reading the comment counts that one kind of target keeps.
    static func countsQuery(of target: CommentTarget) -> IDJoinQuery {
        switch target {
        case .dish: dishCounts
        case .recipe: recipeCounts
        case .topic: topicCounts
        }
    }

    private static let dishCounts = IDJoinQuery(keptCounts(of: "dishes"))
    private static let recipeCounts = IDJoinQuery(keptCounts(of: "recipes"))
    private static let topicCounts = IDJoinQuery(keptCounts(of: "topics"))

    private static func keptCounts(of table: String) -> String {
        "SELECT id, comments_count FROM %@ AS wanted CROSS JOIN \(table) ON id = wanted.wanted_id WHERE comments_count > 0"
    }

    /// The table whose rows a kind of target names.
    static func table(of target: CommentTarget) -> String {
        switch target {
        case .dish: "dishes"
        case .recipe: "recipes"
        case .topic: "topics"
        }
    }
}
