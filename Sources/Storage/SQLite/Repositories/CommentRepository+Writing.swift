import Foundation

extension CommentRepository {
    /// Comments on a thread: the text is trimmed and must not be blank (at most 2000
    /// characters); every `@username` naming a user becomes a mention, in order of first
    /// appearance; `replyToID` must be a comment of the same thread.
    public func addComment(
        authorID: Int64, target: CommentTarget, text: String, replyToID: Int64? = nil
    ) throws -> Comment {
        let text = try Validation.nonBlank(text, field: "comment")
        guard text.count <= Self.maximumLength else {
            throw DomainError.badInput(
                "A comment has at most \(Self.maximumLength) characters; this one has \(text.count).")
        }
        let names = Self.mentionedNames(in: text)
        return try database.write { c in
            guard try Self.targetExists(target, c) else {
                throw DomainError.notFound("Nothing to comment on has this ID.")
            }
            if let replyToID {
                let sameThread = try c.exists(
                    "SELECT 1 FROM comments WHERE id = ? AND target_kind = ? AND target_id = ?",
                    replyToID, target.kind, target.id)
                guard sameThread else {
                    throw DomainError.badInput("A reply must answer a comment of the same thread.")
                }
            }
            try c.execute(
                """
                INSERT INTO comments (target_kind, target_id, author_id, text, reply_to_id, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, target.kind, target.id, authorID, text, replyToID, clock().milliseconds)
            let id = c.lastInsertRowID
            try Self.insertMentions(commentID: id, names: names, c)
            try EventLog.append(topic: EventLog.commentsTopic(target), payload: String(id), c)
            return try Self.comments(ids: [id], c)[id]!
        }
    }

    /// Stores the users named by `names` (usernames, any case) as mentions, in order.
    static func insertMentions(commentID: Int64, names: [String], _ c: Connection) throws {
        guard !names.isEmpty else { return }
        let list = SQLList(names)
        var idsByName: [String: Int64] = [:]
        try c.forEachRow(
            "SELECT lower(username), id FROM users WHERE username IN (\(list.placeholders))",
            arguments: list.arguments
        ) { idsByName[$0.string(0)] = $0.int64(1) }
        let ids = distinct(names.compactMap { idsByName[$0.lowercased()] })
        try Bounds.check(ids.count, atMost: Bounds.commentMentions, "mentions", of: "A comment")
        for (position, userID) in ids.enumerated() {
            try c.execute(
                "INSERT INTO comment_mentions (comment_id, position, user_id) VALUES (?, ?, ?)",
                commentID, position, userID)
        }
    }

    /// The `@name` tokens of a text: `@` then letters, digits or `_` (a username's
    /// characters), at the start or after a character that is not one of them, so an
    /// e-mail address mentions nobody.
    public static func mentionedNames(in text: String) -> [String] {
        func isNameCharacter(_ c: Character) -> Bool {
            c.isASCII && (c.isLetter || c.isNumber || c == "_")
        }
        var names: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            defer { index += 1 }
            guard characters[index] == "@" else { continue }
            if index > 0, isNameCharacter(characters[index - 1]) { continue }
            var end = index + 1
            while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
            if end - index - 1 >= 1 { names.append(String(characters[(index + 1)..<end])) }
            index = end - 1
        }
        return distinct(names.map { $0.lowercased() })
    }

    /// Whom the viewer may @mention in a thread: its distinct comment authors (and the
    /// target's author) plus the users the viewer follows, whose username or name starts
    /// with `prefix` (case-insensitive), ordered by username; never the viewer.
    public func mentionCandidates(
        target: CommentTarget, viewerID: Int64, prefix: String, first: Int
    ) throws -> [Int64] {
        let prefix = prefix.trimmed.lowercased()
        let pattern = prefix.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
            + "%"
        let ownerTable = switch target {
        case .dish: "dishes"
        case .recipe: "recipes"
        case .topic: "topics"
        }
        return try database.read { c in
            try c.query(
                """
                SELECT u.id FROM users u WHERE u.id IN (
                    SELECT author_id FROM comments WHERE target_kind = ?1 AND target_id = ?2
                    UNION SELECT author_id FROM \(ownerTable) WHERE id = ?2
                    UNION SELECT followee_id FROM follows WHERE follower_id = ?3
                ) AND u.id <> ?3
                AND (lower(u.username) LIKE ?4 ESCAPE '\\' OR lower(u.name) LIKE ?4 ESCAPE '\\')
                ORDER BY u.username LIMIT ?5
                """, target.kind, target.id, viewerID, pattern, max(0, min(first, 100))
            ) { $0.int64(0) }
        }
    }
}
