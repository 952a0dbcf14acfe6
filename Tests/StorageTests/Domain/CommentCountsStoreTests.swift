import Foundation
import Testing

@testable import Storage

/// The comment count each dish, recipe and topic keeps (SQLite step 13, PostgreSQL step 8)
/// always equals the number of comments its thread has, on either store.
@Suite("Kept comment counts")
struct CommentCountsStoreTests {
    let db: TestStore

    init() throws {
        db = try TestStore()
    }

    /// How many dishes, recipes and topics keep a count their thread does not have.
    func mismatches() throws -> Int {
        let sql = ["dish": "dishes", "recipe": "recipes", "topic": "topics"].map { kind, table in
            """
            (SELECT count(*) FROM \(table) t WHERE t.comments_count <>
                (SELECT count(*) FROM comments c WHERE c.target_kind = '\(kind)' AND c.target_id = t.id))
            """
        }.joined(separator: " + ")
        return try query("SELECT \(sql)")
    }

    func query(_ sql: String) throws -> Int {
        if let postgres = db.postgresDatabase { return try postgres.read { c in try c.queryFirst(sql) { $0.int(0) } ?? -1 } }
        return try db.sqliteDatabase!.database.read { c in try c.queryFirst(sql) { $0.int(0) } ?? -1 }
    }

    func execute(_ sql: String) throws {
        if let postgres = db.postgresDatabase { return try postgres.write { c in try c.execute(sql) } }
        try db.sqliteDatabase!.database.write { c in try c.execute(sql) }
    }

    @Test("comments, an author's account deleted by cascade and a target deleted with its thread all move the counts")
    func followsEveryChange() throws {
        let (alice, bob, carol) = (try db.user("alice"), try db.user("bob"), try db.user("carol"))
        let dish = try db.dishes.uploadDish(authorID: alice.id, NewDish(photos: [Photo(url: "/d.jpg")]))
        let recipe = try db.recipe("红烧排骨", by: alice)
        let other = try db.recipe("鸡蛋羹", by: alice)
        let topic = try db.forums.createTopic(forumID: try db.makeForum("家常菜"), authorID: alice.id, title: "火候", body: "…")
        let targets: [CommentTarget] = [.dish(dish.id), .recipe(recipe.id), .recipe(other.id), .topic(topic.id)]
        for author in [alice, bob, carol] {
            for target in targets.prefix(2) + [.topic(topic.id)] {
                _ = try db.comments.addComment(authorID: author.id, target: target, text: "好吃 \(author.username)")
            }
        }
        _ = try db.comments.addComment(authorID: bob.id, target: .recipe(recipe.id), text: "再来一次")
        let counted = try db.comments.commentsCounts(targets: targets)
        #expect(counted == [.dish(dish.id): 3, .recipe(recipe.id): 4, .recipe(other.id): 0, .topic(topic.id): 3])
        let recipeCounts = try db.recipes.counts(.comments, recipeIDs: [recipe.id, other.id])
        #expect([recipe.id, other.id].map { recipeCounts[$0] ?? 0 } == [4, 0])
        #expect(try db.recipes.stats(recipeIDs: [recipe.id])[recipe.id]?.commentsCount == 4)
        #expect(try mismatches() == 0)

        try execute("DELETE FROM users WHERE id = \(bob.id)")
        #expect(try db.comments.commentsCounts(targets: targets)
            == [.dish(dish.id): 2, .recipe(recipe.id): 2, .recipe(other.id): 0, .topic(topic.id): 2])
        try execute("DELETE FROM dishes WHERE id = \(dish.id)")
        #expect(try query("SELECT count(*) FROM comments WHERE target_kind = 'dish'") == 0)
        #expect(try db.comments.commentsCounts(targets: [.recipe(recipe.id), .topic(topic.id)]) == [.recipe(recipe.id): 2, .topic(topic.id): 2])
        #expect(try mismatches() == 0)
    }

    @Test("the demo data keeps the counts of the comments it installs (PostgreSQL copies them from SQLite)")
    func demoData() throws {
        #expect(try db.installDemo(hasher: PasswordHasher(cost: .minimum)))
        #expect(try query("SELECT count(*) FROM comments") > 10)
        #expect(try query("SELECT count(*) FROM recipes WHERE comments_count > 0") > 0)
        #expect(try mismatches() == 0)
    }
}
