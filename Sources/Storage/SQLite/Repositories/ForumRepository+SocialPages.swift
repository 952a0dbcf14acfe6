import Foundation

extension ForumRepository {
    /// The same page of many forums' topics, newest first, in one statement.
    public func topics(forumIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Topic>] {
        guard !forumIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.pages(
                table: "topics", parentColumn: "forum_id", columns: Self.topicColumns,
                parentIDs: forumIDs, request: page
            ) { Self.topic($0, at: 2) }
        }
    }
}
