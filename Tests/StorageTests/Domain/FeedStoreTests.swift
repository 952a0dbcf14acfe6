import Foundation
import Testing

@testable import Storage

/// The feed's order and paging against a plain sort of every followed entry, with many
/// followees (so the page is found between a floor and the cursor) and many equal times.
@Suite("The feed, page by page")
struct FeedStoreTests {
    let db: TestStore

    init() throws {
        db = try TestStore()
    }

    /// An entry as the feed orders it: newest first, then by the tie (`id * 2` for a dish,
    /// `id * 2 + 1` for a recipe).
    struct Expected {
        let entry: FeedEntry
        let milliseconds: Int64
        let tie: Int64
    }

    /// Draws the same numbers every run.
    struct Draws {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_133d_1ceb
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// 30 followees with 0–4 dishes and 0–3 recipes each (some with none of either), at
    /// times drawn from a few, plus users the viewer does not follow; returns the viewer
    /// and every followed entry in the feed's order.
    func makeFeed(seed: UInt64) throws -> (viewer: User, expected: [Expected]) {
        var draws = Draws(state: seed)
        let viewer = try db.user("viewer")
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var expected: [Expected] = []
        for index in 0..<34 {
            let author = try db.user("author\(index)")
            let followed = index < 30
            if followed { _ = try db.users.follow(followerID: viewer.id, followeeID: author.id) }
            for _ in 0..<draws.next(5) {
                db.now.set(base.addingTimeInterval(Double(draws.next(8)) * 60))
                let dish = try db.dishes.uploadDish(authorID: author.id, NewDish(photos: [Photo(url: "/p.jpg")]))
                if followed { expected.append(Expected(entry: .dish(dish.id), milliseconds: milliseconds(dish.createdAt), tie: dish.id * 2)) }
            }
            for _ in 0..<(index % 4 == 3 ? 0 : draws.next(4)) {
                db.now.set(base.addingTimeInterval(Double(draws.next(8)) * 60))
                let recipe = try db.recipe("菜\(index)", by: author)
                if followed {
                    expected.append(
                        Expected(entry: .recipe(recipe.id), milliseconds: milliseconds(recipe.createdAt), tie: recipe.id * 2 + 1))
                }
            }
        }
        expected.sort { ($0.milliseconds, $0.tie) > ($1.milliseconds, $1.tie) }
        return (viewer, expected)
    }

    @Test("every page is the next run of a sort of all followed entries, for page sizes from 0 to past the end", arguments: [UInt64(1), 2])
    func pages(seed: UInt64) throws {
        let (viewer, expected) = try makeFeed(seed: seed)
        #expect(expected.count > 40, "enough entries that pages of 1 to 25 need the floor")
        #expect(Set(expected.map(\.milliseconds)).count < expected.count / 2, "many entries share a time")
        #expect(try db.dishes.feedCount(viewerID: viewer.id) == expected.count)
        for size in [0, 1, 3, 7, 20, 25, 100] {
            var seen: [FeedEntry] = []
            var cursor: Cursor? = nil
            var pages = 0
            while pages <= expected.count {
                let page = try db.dishes.feed(viewerID: viewer.id, page: PageRequest(first: size, cursor: cursor))
                pages += 1
                seen += page.nodes
                #expect(page.nodes == expected.dropFirst(seen.count - page.nodes.count).prefix(size).map(\.entry), "size \(size), page \(pages)")
                #expect(page.hasNextPage == (seen.count < expected.count), "size \(size), page \(pages)")
                if let last = page.edges.last {
                    let at = expected[seen.count - 1]
                    #expect(last.cursor == Cursor(key: at.milliseconds, id: at.tie))
                }
                guard page.hasNextPage, let last = page.edges.last else { break }
                cursor = last.cursor
            }
            if size > 0 { #expect(seen == expected.map(\.entry), "size \(size)") }
        }
    }

    @Test("a cursor between two entries of the same time starts the page at the second")
    func tiedCursor() throws {
        let (viewer, expected) = try makeFeed(seed: 3)
        let tied = try #require(
            expected.indices.dropLast().first { expected[$0].milliseconds == expected[$0 + 1].milliseconds && $0 > 25 })
        let cursor = Cursor(key: expected[tied].milliseconds, id: expected[tied].tie)
        let page = try db.dishes.feed(viewerID: viewer.id, page: PageRequest(first: 5, cursor: cursor))
        #expect(page.nodes == expected[(tied + 1)...].prefix(5).map(\.entry))
    }
}
