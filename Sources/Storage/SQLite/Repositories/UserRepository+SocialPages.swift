import Foundation

extension UserRepository {
    /// The same page of many users' followers (user ids), most recent first, in one statement.
    public func followers(of userIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Int64>] {
        guard !userIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.pages(
                table: "follows", parentColumn: "followee_id", columns: "id, follower_id",
                parentIDs: userIDs, request: page
            ) { $0.int64(3) }
        }
    }

    /// The same page of whom many users follow (user ids), most recent first, in one statement.
    public func following(of userIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Int64>] {
        guard !userIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.pages(
                table: "follows", parentColumn: "follower_id", columns: "id, followee_id",
                parentIDs: userIDs, request: page
            ) { $0.int64(3) }
        }
    }
}
