import Foundation

extension DishRepository {
    /// The same page of many authors' dishes, newest first, with photos and tags: three
    /// statements for any number of authors.
    public func dishes(authorIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Dish>] {
        try dishes(Self.authorPages, parentIDs: authorIDs, page: page)
    }

    /// The same page of the dishes made from many recipes, newest first: three statements.
    public func dishes(recipeIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Dish>] {
        try dishes(Self.recipePages, parentIDs: recipeIDs, page: page)
    }

    static let authorPages = PagesQuery(table: "dishes", parentColumn: "author_id", columns: columns)
    static let recipePages = PagesQuery(table: "dishes", parentColumn: "recipe_id", columns: columns)

    private func dishes(_ query: PagesQuery, parentIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Dish>] {
        guard !parentIDs.isEmpty else { return [:] }
        return try database.read { c in
            let pages = try c.pages(query, parentIDs: parentIDs, request: page) { Self.dish($0, at: 2) }
            let filled = Dictionary(
                uniqueKeysWithValues: try Self.withParts(pages.values.flatMap(\.nodes), c).map { ($0.id, $0) })
            return pages.mapValues { page in page.map { filled[$0.id] ?? $0 } }
        }
    }
}
