import Foundation
import Testing

@testable import Storage

@Suite("Keyset pagination")
struct PaginationStoreTests {
    @Test("rows inserted meanwhile do not shift the next page")
    func stable() throws {
        let db = try TestStore()
        let author = try db.user("author")
        var ids: [Int64] = []
        for n in 0..<10 { ids.append(try db.recipe("菜\(n)", by: author).id) }
        let first = try db.recipes.recipes(page: PageRequest(first: 4))
        #expect(first.nodes.map(\.id) == Array(ids.reversed().prefix(4)))
        for n in 0..<3 { _ = try db.recipe("新菜\(n)", by: author) }
        let second = try db.recipes.recipes(page: PageRequest(first: 4, cursor: first.edges.last!.cursor))
        #expect(second.nodes.map(\.id) == Array(ids.reversed().dropFirst(4).prefix(4)))
        #expect(second.hasPreviousPage && second.hasNextPage)
        let last = try db.recipes.recipes(page: PageRequest(first: 4, cursor: second.edges.last!.cursor))
        #expect(last.nodes.map(\.id) == Array(ids.reversed().suffix(2)) && !last.hasNextPage)
    }
}

@Suite("Pagination on SQLite")
struct PaginationTiesTests {
    @Test("rows with the same time are ordered by id without gaps or repeats")
    func ties() throws {
        let db = try TestDatabase()
        let author = try db.user("author")
        try db.database.write { c in
            for n in 0..<7 {
                _ = try RecipeRepository.insert(
                    authorID: author.id, name: "同时\(n)", description: nil, coverURL: nil, tips: nil,
                    ingredients: [], steps: [("x", nil)], createdAt: Date(timeIntervalSince1970: 1000), c)
            }
        }
        var seen: [Int64] = []
        var cursor: Cursor?
        repeat {
            let page = try db.recipes.recipes(authorID: author.id, page: PageRequest(first: 3, cursor: cursor))
            seen += page.nodes.map(\.id)
            cursor = page.hasNextPage ? page.edges.last!.cursor : nil
        } while cursor != nil
        #expect(seen == seen.sorted(by: >) && Set(seen).count == 7)
    }

    @Test("cursors round-trip; malformed ones and bad sizes are bad input")
    func cursors() throws {
        let cursor = Cursor(key: -5, id: 42)
        #expect(try Cursor(encoded: cursor.encoded) == cursor)
        #expect(throws: DomainError.self) { try Cursor(encoded: "nope") }
        #expect(throws: DomainError.self) { try Cursor(encoded: "Yzp4OjE=") }
        #expect(throws: DomainError.self) { try PageRequest(first: 101) }
        #expect(throws: DomainError.self) { try PageRequest(first: -1) }
        #expect(try PageRequest(first: 100, after: cursor.encoded).after == cursor)
    }

    @Test("a cursor is the padded base64 of c:key:id, at the ends of Int64 too")
    func cursorText() throws {
        let parts: [(Int64, Int64)] = [(0, 0), (-5, 42), (1_780_000_000_000, 9), (.min, .max), (.max, .min), (7, -1)]
        for (key, id) in parts {
            let cursor = Cursor(key: key, id: id)
            #expect(cursor.encoded == Base64.encode(Array("c:\(key):\(id)".utf8)))
            #expect(try Cursor(encoded: cursor.encoded) == cursor)
        }
        #expect(Cursor(key: 1, id: 2).encoded == "YzoxOjI=")
    }
}
