import Foundation

extension ForumRepository {
    static let forumPages = PagesQuery(table: "topics", parentColumn: "forum_id", columns: topicColumns)

    /// The same page of many forums' topics, newest first, in one statement.
    public func topics(forumIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Topic>] {
        guard !forumIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.pages(Self.forumPages, parentIDs: forumIDs, request: page) { Self.topic($0, at: 2) }
        }
    }
}
