import Foundation

extension CommentRepository {
    /// The page of one or many threads of one kind of target, oldest first.
    static let threadPages = PagesQuery(
        table: "comments", parentColumn: "target_id", columns: columns, filter: "target_kind = ?", ascending: true)

    /// The same page of many threads, oldest first: one statement per kind of target,
    /// whatever the number of threads.
    public func comments(targets: [CommentTarget], page: PageRequest) throws -> [CommentTarget: Page<Comment>] {
        guard !targets.isEmpty else { return [:] }
        return try database.read { c in
            var result: [CommentTarget: Page<Comment>] = [:]
            let byKind = Dictionary(grouping: distinct(targets), by: \.kind)
            for (kind, group) in byKind.sorted(by: { $0.key < $1.key }) {
                let pages = try c.pages(
                    Self.threadPages, parentIDs: group.map(\.id), filterArguments: [kind], request: page
                ) { Self.comment($0, at: 2) }
                for target in group { result[target] = pages[target.id] }
            }
            return result
        }
    }
}
