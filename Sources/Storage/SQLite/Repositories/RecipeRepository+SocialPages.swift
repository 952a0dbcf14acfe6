import Foundation

extension RecipeRepository {
    static let authorPages = PagesQuery(table: "recipes", parentColumn: "author_id", columns: columns)

    /// The same page of many authors' recipes, newest first, in one statement.
    public func recipes(authorIDs: [Int64], page: PageRequest) throws -> [Int64: Page<Recipe>] {
        guard !authorIDs.isEmpty else { return [:] }
        return try database.read { c in
            try c.pages(Self.authorPages, parentIDs: authorIDs, request: page) { Self.recipe($0, at: 2) }
        }
    }
}
