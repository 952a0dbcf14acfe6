import Foundation
import Testing

@testable import Storage

/// `dishes.likes_count` (migration 10) always equals the number of likes the dish has.
@Suite("Kept dish like counts")
struct DishLikeCountsTests {
    /// The count the dish keeps and the count of its like rows.
    static func counts(_ db: Database, dish: Int64) throws -> (kept: Int, rows: Int) {
        try db.read { c in
            let kept = try c.queryFirst("SELECT likes_count FROM dishes WHERE id = ?", dish) { $0.int(0) } ?? -1
            let rows = try c.queryFirst("SELECT count(*) FROM dish_likes WHERE dish_id = ?", dish) { $0.int(0) } ?? -1
            return (kept, rows)
        }
    }

    @Test("likes, repeated likes, unlikes and a liker's account deleted by cascade all move the count")
    func followsEveryChange() throws {
        let db = try TestDatabase()
        let author = try db.user("author")
        let likers = try (0..<3).map { try db.user("liker\($0)") }
        let dish = try db.dishes.uploadDish(authorID: author.id, NewDish(photos: [Photo(url: "/d.jpg")]))
        for liker in likers { _ = try db.dishes.like(dishID: dish.id, userID: liker.id) }
        _ = try db.dishes.like(dishID: dish.id, userID: likers[0].id)
        #expect(try Self.counts(db.database, dish: dish.id) == (3, 3))
        _ = try db.dishes.unlike(dishID: dish.id, userID: likers[1].id)
        _ = try db.dishes.unlike(dishID: dish.id, userID: likers[1].id)
        #expect(try db.dishes.likesCounts(dishIDs: [dish.id]) == [dish.id: 2])
        try db.database.write { c in try c.execute("DELETE FROM users WHERE id = ?", likers[2].id) }
        #expect(try Self.counts(db.database, dish: dish.id) == (1, 1))
        #expect(try db.dishes.likesCounts(dishIDs: [dish.id]) == [dish.id: 1])
    }

    @Test("the migration fills in the counts of likes made before it")
    func backfilled() throws {
        let db = try TestDatabase(migrations: Array(DomainMigrations.all.prefix(9)))
        // Users written as the schema of step 9 has them (today's `createUser` also writes
        // indexes that came later).
        let (author, fan) = try db.database.write { c in
            try c.execute("INSERT INTO users (username, name, password_hash, joined_at) VALUES ('author', 'A', 'x', 0)")
            let author = c.lastInsertRowID
            try c.execute("INSERT INTO users (username, name, password_hash, joined_at) VALUES ('fan', 'F', 'x', 0)")
            return (author, c.lastInsertRowID)
        }
        let dish = try db.dishes.uploadDish(authorID: author, NewDish(photos: [Photo(url: "/d.jpg")]))
        let quiet = try db.dishes.uploadDish(authorID: author, NewDish(photos: [Photo(url: "/q.jpg")]))
        _ = try db.dishes.like(dishID: dish.id, userID: fan)
        _ = try db.dishes.like(dishID: dish.id, userID: author)
        let upgraded = try Database.open(path: db.database.path, migrations: DomainMigrations.all)
        defer { upgraded.close() }
        #expect(try DishRepository(database: upgraded).likesCounts(dishIDs: [dish.id, quiet.id]) == [dish.id: 2, quiet.id: 0])
        #expect(try Self.counts(upgraded, dish: quiet.id) == (0, 0))
    }
}

/// The comment counts SQLite's step 13 fills in for comments made before it.
@Suite("Kept comment counts, filled in")
struct CommentCountsMigrationTests {
    @Test("the migration fills in the counts of comments made before it")
    func backfilled() throws {
        let db = try TestDatabase(migrations: Array(DomainMigrations.all.prefix(12)))
        let (author, recipe, dish) = try db.database.write { c in
            try c.execute("INSERT INTO users (username, name, password_hash, joined_at) VALUES ('author', 'A', 'x', 0)")
            let author = c.lastInsertRowID
            try c.execute("INSERT INTO recipes (author_id, name, created_at) VALUES (?, 'R', 0)", author)
            let recipe = c.lastInsertRowID
            try c.execute("INSERT INTO dishes (author_id, created_at) VALUES (?, 0)", author)
            let dish = c.lastInsertRowID
            for (kind, id) in [("recipe", recipe), ("recipe", recipe), ("dish", dish)] {
                try c.execute(
                    "INSERT INTO comments (target_kind, target_id, author_id, text, created_at) VALUES (?, ?, ?, 'hi', 0)",
                    kind, id, author)
            }
            return (author, recipe, dish)
        }
        let upgraded = try Database.open(path: db.database.path, migrations: DomainMigrations.all)
        defer { upgraded.close() }
        let comments = CommentRepository(database: upgraded)
        #expect(try comments.commentsCounts(targets: [.recipe(recipe), .dish(dish)]) == [.recipe(recipe): 2, .dish(dish): 1])
        _ = try comments.addComment(authorID: author, target: .dish(dish), text: "again")
        #expect(try RecipeRepository(database: upgraded).counts(.comments, recipeIDs: [recipe]) == [recipe: 2])
        #expect(try comments.commentsCounts(targets: [.dish(dish)]) == [.dish(dish): 2])
    }
}
