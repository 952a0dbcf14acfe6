import Foundation
import Testing

@testable import Storage

@Suite("Dishes, comments and the feed")
struct CommunityStoreTests {
    let db: TestStore
    let alice: User
    let bob: User

    init() throws {
        db = try TestStore()
        alice = try db.user("alice")
        bob = try db.user("bob_99")
    }

    func photos(_ count: Int) -> [Photo] { (0..<count).map { Photo(url: "/p/\($0).jpg") } }

    @Test("a dish needs 1 to 9 photos; tags are trimmed, deduplicated and blank ones dropped")
    func upload() throws {
        #expect(throws: DomainError.self) { try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: [])) }
        #expect(throws: DomainError.self) { try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: photos(10))) }
        #expect(throws: DomainError.self) {
            try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: photos(1), recipeID: 999))
        }
        let dish = try db.dishes.uploadDish(
            authorID: alice.id, NewDish(photos: photos(9), tags: [" 早餐", "早餐", "", "  ", "egg"], meal: .breakfast))
        #expect(try db.dishes.tags(dishIDs: [dish.id])[dish.id] == ["早餐", "egg"])
        #expect(dish.photos.count == 9)
        #expect(try db.dishes.dishes(ids: [dish.id])[dish.id] == dish)
    }

    @Test("likes are idempotent and counted per dish")
    func likes() throws {
        let dish = try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: photos(1)))
        let other = try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: photos(1)))
        _ = try db.dishes.like(dishID: dish.id, userID: bob.id)
        _ = try db.dishes.like(dishID: dish.id, userID: bob.id)
        _ = try db.dishes.like(dishID: dish.id, userID: alice.id)
        #expect(try db.dishes.likesCounts(dishIDs: [dish.id, other.id]) == [dish.id: 2, other.id: 0])
        #expect(try db.dishes.viewerHasLiked(dishIDs: [dish.id, other.id], userID: bob.id) == [dish.id])
        _ = try db.dishes.unlike(dishID: dish.id, userID: bob.id)
        _ = try db.dishes.unlike(dishID: dish.id, userID: bob.id)
        #expect(try db.dishes.likesCounts(dishIDs: [dish.id]) == [dish.id: 1])
        #expect(throws: DomainError.self) { try db.dishes.like(dishID: 999, userID: bob.id) }
    }

    @Test("every @username naming a user becomes a mention, in order, once")
    func mentions() throws {
        let dish = try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: photos(1)))
        let comment = try db.comments.addComment(
            authorID: alice.id, target: .dish(dish.id),
            text: "@BOB_99 look! @nobody @alice @bob_99 mail me at x@alice.com")
        #expect(try db.comments.mentions(commentIDs: [comment.id]) == [comment.id: [bob.id, alice.id]])
        #expect(CommentRepository.mentionedNames(in: "a@b @c_1,@d") == ["c_1", "d"])
    }

    @Test("blank or too long comments, unknown targets and foreign replies are refused")
    func refusals() throws {
        let dish = try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: photos(1)))
        let recipe = try db.recipe("鸡蛋羹", by: alice)
        #expect(throws: DomainError.self) { try db.comments.addComment(authorID: bob.id, target: .dish(dish.id), text: " \n") }
        #expect(throws: DomainError.self) {
            try db.comments.addComment(authorID: bob.id, target: .dish(dish.id), text: String(repeating: "a", count: 2001))
        }
        #expect(throws: DomainError.self) { try db.comments.addComment(authorID: bob.id, target: .topic(5), text: "hi") }
        let onRecipe = try db.comments.addComment(authorID: bob.id, target: .recipe(recipe.id), text: "hi")
        #expect(throws: DomainError.self) {
            try db.comments.addComment(authorID: bob.id, target: .dish(dish.id), text: "re", replyToID: onRecipe.id)
        }
        let reply = try db.comments.addComment(
            authorID: alice.id, target: .recipe(recipe.id), text: "thanks", replyToID: onRecipe.id)
        #expect(reply.replyToID == onRecipe.id)
    }

    @Test("threads list oldest first; counts and latest comments come in batches")
    func threads() throws {
        let a = try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: photos(1)))
        let b = try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: photos(1)))
        var ids: [Int64] = []
        for n in 0..<5 { ids.append(try db.comments.addComment(authorID: bob.id, target: .dish(a.id), text: "c\(n)").id) }
        let first = try db.comments.comments(target: .dish(a.id), page: PageRequest(first: 3))
        #expect(first.nodes.map(\.id) == Array(ids.prefix(3)) && first.hasNextPage)
        let rest = try db.comments.comments(target: .dish(a.id), page: PageRequest(first: 3, cursor: first.edges.last!.cursor))
        #expect(rest.nodes.map(\.id) == Array(ids.suffix(2)) && !rest.hasNextPage)
        #expect(try db.comments.commentsCounts(targets: [.dish(a.id), .dish(b.id)]) == [.dish(a.id): 5, .dish(b.id): 0])
        let latest = try db.comments.latestComments(targets: [.dish(a.id), .dish(b.id)], limit: 2)
        #expect(latest[.dish(a.id)]?.map(\.id) == [ids[4], ids[3]])
        #expect(latest[.dish(b.id)] == [])
    }

    @Test("mention candidates are thread authors and followees matching the prefix")
    func candidates() throws {
        let carol = try db.user("carol")
        let dave = try db.user("dave")
        _ = try db.user("bobcat")
        let dish = try db.dishes.uploadDish(authorID: carol.id, NewDish(photos: photos(1)))
        _ = try db.comments.addComment(authorID: bob.id, target: .dish(dish.id), text: "yum")
        _ = try db.users.follow(followerID: alice.id, followeeID: dave.id)
        let all = try db.comments.mentionCandidates(target: .dish(dish.id), viewerID: alice.id, prefix: "", first: 10)
        #expect(Set(all) == [bob.id, carol.id, dave.id])
        #expect(try db.comments.mentionCandidates(target: .dish(dish.id), viewerID: alice.id, prefix: "B", first: 10) == [bob.id])
        #expect(try db.comments.mentionCandidates(target: .dish(dish.id), viewerID: alice.id, prefix: "%", first: 10).isEmpty)
    }

    @Test("the feed mixes followees' dishes and recipes, newest first, page by page")
    func feed() throws {
        let carol = try db.user("carol")
        _ = try db.users.follow(followerID: alice.id, followeeID: bob.id)
        let d1 = try db.dishes.uploadDish(authorID: bob.id, NewDish(photos: photos(1)))
        let r1 = try db.recipe("红烧肉", by: bob)
        _ = try db.dishes.uploadDish(authorID: carol.id, NewDish(photos: photos(1)))
        let d2 = try db.dishes.uploadDish(authorID: bob.id, NewDish(photos: photos(1)))
        let page1 = try db.dishes.feed(viewerID: alice.id, page: PageRequest(first: 2))
        #expect(page1.nodes == [.dish(d2.id), .recipe(r1.id)])
        let page2 = try db.dishes.feed(viewerID: alice.id, page: PageRequest(first: 2, cursor: page1.edges.last!.cursor))
        #expect(page2.nodes == [.dish(d1.id)] && !page2.hasNextPage)
        #expect(try db.dishes.feedCount(viewerID: alice.id) == 3)
    }

    @Test("forums list their topics newest first")
    func forums() throws {
        try db.makeForum("家常菜")
        let forum = try #require(try db.forums.forums().first)
        let t1 = try db.forums.createTopic(forumID: forum.id, authorID: alice.id, title: "排骨", body: "怎么炖？")
        let t2 = try db.forums.createTopic(forumID: forum.id, authorID: bob.id, title: "鸡蛋", body: "嫩")
        #expect(try db.forums.topics(forumID: forum.id, page: PageRequest(first: 5)).nodes.map(\.id) == [t2.id, t1.id])
        #expect(try db.forums.topicsCounts(forumIDs: [forum.id]) == [forum.id: 2])
        #expect(try db.forums.topics(ids: [t1.id])[t1.id]?.title == "排骨")
        _ = try db.comments.addComment(authorID: bob.id, target: .topic(t1.id), text: "小火慢炖")
        #expect(try db.comments.commentsCounts(targets: [.topic(t1.id)]) == [.topic(t1.id): 1])
    }
}
