import Foundation

/// Comments and mentions on PostgreSQL (`CommentStore`). A new comment is announced on the
/// thread's topic inside its transaction (`PostgresEvents`).
struct PostgresComments: Sendable {
    let database: PostgresDatabase
    let clock: Clock

    static let columns = CommentRepository.columns

    static func comments(ids: [Int64], _ c: PostgresConnection) throws -> [Int64: Comment] {
        let rows = try c.query(
            "SELECT \(columns) FROM comments WHERE id = ANY($1::bigint[])", arguments: [.integers(distinct(ids))]
        ) { CommentRepository.comment($0) }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    }

    /// The table a thread's target lives in.
    static func table(of target: CommentTarget) -> String {
        switch target {
        case .dish: "dishes"
        case .recipe: "recipes"
        case .topic: "topics"
        }
    }

    static func targetExists(_ target: CommentTarget, _ c: PostgresConnection) throws -> Bool {
        try c.exists("SELECT 1 FROM \(table(of: target)) WHERE id = $1", target.id)
    }
}

extension PostgresComments: CommentStore {
    func addComment(authorID: Int64, target: CommentTarget, text: String, replyToID: Int64?) throws -> Comment {
        let text = try Validation.nonBlank(text, field: "comment")
        guard text.count <= CommentRepository.maximumLength else {
            throw DomainError.badInput(
                "A comment has at most \(CommentRepository.maximumLength) characters; this one has \(text.count).")
        }
        let names = CommentRepository.mentionedNames(in: text)
        return try database.write { c in
            guard try Self.targetExists(target, c) else { throw DomainError.notFound("Nothing to comment on has this ID.") }
            if let replyToID {
                guard try c.exists(
                    "SELECT 1 FROM comments WHERE id = $1 AND target_kind = $2 AND target_id = $3",
                    replyToID, target.kind, target.id)
                else { throw DomainError.badInput("A reply must answer a comment of the same thread.") }
            }
            let id = try c.queryFirst(
                """
                INSERT INTO comments (target_kind, target_id, author_id, text, reply_to_id, created_at)
                VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
                """, target.kind, target.id, authorID, text, replyToID, clock().milliseconds) { $0.int64(0) }!
            if !names.isEmpty {
                let found = Dictionary(
                    try c.query(
                        "SELECT lower(username), id FROM users WHERE lower(username) = ANY($1::text[])",
                        arguments: [.texts(names)]) { ($0.string(0), $0.int64(1)) },
                    uniquingKeysWith: { first, _ in first })
                let mentioned = distinct(names.compactMap { found[$0] })
                try Bounds.check(mentioned.count, atMost: Bounds.commentMentions, "mentions", of: "A comment")
                for (position, userID) in mentioned.enumerated() {
                    try c.execute(
                        "INSERT INTO comment_mentions (comment_id, position, user_id) VALUES ($1, $2, $3)",
                        id, position, userID)
                }
            }
            try PostgresEvents.append(topic: EventLog.commentsTopic(target), payload: String(id), c)
            return try Self.comments(ids: [id], c)[id]!
        }
    }

    func mentionCandidates(target: CommentTarget, viewerID: Int64, prefix: String, first: Int) throws -> [Int64] {
        let prefix = prefix.trimmed.lowercased()
        // PostgreSQL text cannot hold U+0000, so no name has one: such a prefix (a query
        // may carry it) matches no one, as it matches no one on SQLite.
        guard !prefix.utf8.contains(0) else { return [] }
        let pattern = prefix.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
        return try database.read { c in
            try c.query(
                """
                SELECT u.id FROM users u WHERE u.id IN (
                    SELECT author_id FROM comments WHERE target_kind = $1 AND target_id = $2
                    UNION SELECT author_id FROM \(Self.table(of: target)) WHERE id = $2
                    UNION SELECT followee_id FROM follows WHERE follower_id = $3
                ) AND u.id <> $3
                AND (lower(u.username) LIKE $4 ESCAPE '\\' OR lower(u.name) LIKE $4 ESCAPE '\\')
                ORDER BY lower(u.username) LIMIT $5
                """, target.kind, target.id, viewerID, pattern, max(0, min(first, 100))
            ) { $0.int64(0) }
        }
    }

    func comments(ids: [Int64]) throws -> [Int64: Comment] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { c in try Self.comments(ids: ids, c) }
    }

    func mentions(commentIDs: [Int64]) throws -> [Int64: [Int64]] {
        guard !commentIDs.isEmpty else { return [:] }
        return try database.read { c in
            try PostgresMarket.children(
                of: commentIDs,
                """
                SELECT comment_id, user_id FROM comment_mentions
                WHERE comment_id = ANY($1::bigint[]) ORDER BY comment_id, position
                """, c) { ($0.int64(0), $0.int64(1)) }
        }
    }

    func comments(target: CommentTarget, page: PageRequest) throws -> Page<Comment> {
        try comments(targets: [target], page: page)[target] ?? Page(fetched: [], request: page)
    }

    func comments(targets: [CommentTarget], page: PageRequest) throws -> [CommentTarget: Page<Comment>] {
        guard !targets.isEmpty else { return [:] }
        return try database.read { c in
            var result: [CommentTarget: Page<Comment>] = [:]
            for (kind, group) in Dictionary(grouping: distinct(targets), by: \.kind).sorted(by: { $0.key < $1.key }) {
                let pages = try c.pages(
                    table: "comments", parentColumn: "target_id", columns: Self.columns, parentIDs: group.map(\.id),
                    filter: "target_kind = $5", filterArguments: [.text(kind)], ascending: true, request: page
                ) { CommentRepository.comment($0, at: 2) }
                for target in group { result[target] = pages[target.id] }
            }
            return result
        }
    }

    func commentsCounts(targets: [CommentTarget]) throws -> [CommentTarget: Int] {
        guard !targets.isEmpty else { return [:] }
        return try database.read { c in
            var result: [CommentTarget: Int] = [:]
            for (_, group) in grouped(targets.map { ($0.kind, $0) }) {
                // The count each dish, recipe and topic keeps (migration 8).
                let counts = try c.counts(
                    """
                    SELECT id, comments_count FROM \(CommentRepository.table(of: group[0]))
                    WHERE id = ANY($1::bigint[]) AND comments_count > 0
                    """, ids: group.map(\.id))
                for target in group { result[target] = counts[target.id] ?? 0 }
            }
            return result
        }
    }

    func latestComments(targets: [CommentTarget], limit: Int) throws -> [CommentTarget: [Comment]] {
        guard !targets.isEmpty, limit > 0 else { return [:] }
        return try database.read { c in
            var result: [CommentTarget: [Comment]] = [:]
            for (kind, group) in grouped(targets.map { ($0.kind, $0) }) {
                let rows = try c.query(
                    """
                    SELECT t.* FROM unnest($1::bigint[]) AS parent,
                    LATERAL (SELECT \(Self.columns) FROM comments WHERE target_kind = $2 AND target_id = parent
                        ORDER BY created_at DESC, id DESC LIMIT $3) AS t
                    """, arguments: [.integers(distinct(group.map(\.id))), .text(kind), .integer(Int64(limit))]
                ) { CommentRepository.comment($0) }
                for comment in rows { result[comment.target, default: []].append(comment) }
                for target in group where result[target] == nil { result[target] = [] }
            }
            return result
        }
    }

    func targetExists(_ target: CommentTarget) throws -> Bool {
        try database.read { c in try Self.targetExists(target, c) }
    }
}
