import Foundation

extension UserRepository {
    static let followerPages = PagesQuery(table: "follows", parentColumn: "followee_id", columns: "id, follower_id")
    static let followingPages = PagesQuery(table: "follows", parentColumn: "follower_id", columns: "id, followee_id")

    /// The same page of many users' followers (user ids), most recent first, in one statement.
    public func followers(of userIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Int64>] {
        guard !userIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.pages(Self.followerPages, parentIDs: userIDs, request: page) { $0.int64(3) }
        }
    }

    /// The same page of whom many users follow (user ids), most recent first, in one statement.
    public func following(of userIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Int64>] {
        guard !userIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.pages(Self.followingPages, parentIDs: userIDs, request: page) { $0.int64(3) }
        }
    }
}
