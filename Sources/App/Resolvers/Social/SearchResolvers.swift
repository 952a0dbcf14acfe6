import Foundation
import GraphQL
import Storage

/// Search: full-text results, the viewer's history and the popular keywords.
enum SearchResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Query") { query in
            query.field("search", reading: ["keyword", "type", "first", "after"]) { arguments, context in
                let keyword = searchable(arguments.string("keyword") ?? "")
                let request = try arguments.pageRequest()
                if arguments.string("type") == "USER" {
                    let ids = try storage { try context.store.search.searchUsers(keyword: keyword, page: request) }
                    let users = try UserResolvers.users(ids, context)
                    return Connection(users.map { SearchResult(item: .user($0)) }) {
                        try context.store.search.userMatchesCount(keyword: keyword)
                    }
                }
                let ids = try storage { try context.store.search.searchRecipes(keyword: keyword, page: request) }
                let recipes = try context.store.recipes.recipes(ids: ids.nodes)
                let page = Page(
                    edges: ids.edges.compactMap { edge in
                        recipes[edge.node].map { (edge.cursor, SearchResult(item: .recipe($0))) }
                    },
                    hasNextPage: ids.hasNextPage, hasPreviousPage: ids.hasPreviousPage)
                return Connection(page) { try context.store.search.recipeMatchesCount(keyword: keyword) }
            }
            query.field("searchHistory") { _, context in
                try context.store.search.history(userID: context.requireViewer())
            }
            query.field("popularKeywords", reading: ["first"]) { arguments, context in
                let first = arguments.int("first") ?? 9
                guard (0...50).contains(first) else {
                    throw GraphQLError("`first` must be 0 to 50; it was \(first).", code: .badUserInput)
                }
                return try context.store.search.popularKeywords(first: first)
            }
        }
        resolvers.type("Mutation") { mutation in
            mutation.field("recordSearch", reading: ["keyword"]) { arguments, context in
                let viewerID = try context.requireViewer()
                return try storage {
                    try context.store.search.recordSearch(userID: viewerID, keyword: arguments.string("keyword") ?? "")
                }
            }
            mutation.field("clearSearchHistory") { _, context in
                try context.store.search.clearHistory(userID: context.requireViewer())
            }
        }
    }

    /// A keyword as the full-text index can take it: U+0000, which a query may carry (the
    /// language allows it) but which full-text indexes end text at, separates words as a
    /// space does. (A mutation cannot store one: `StoredTexts`.)
    static func searchable(_ keyword: String) -> String {
        keyword.utf8.contains(0) ? keyword.replacingOccurrences(of: "\u{0}", with: " ") : keyword
    }
}
