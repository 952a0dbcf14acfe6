import GraphQL
import Storage

/// The kitchen app's social half: accounts, users, recipes, drafts, dishes, comments,
/// forums, the feed and search.
enum SocialResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        NodeResolvers.register(&resolvers)
        QueryResolvers.register(&resolvers)
        SearchResolvers.register(&resolvers)
        UserResolvers.register(&resolvers)
        RecipeResolvers.register(&resolvers)
        DraftResolvers.register(&resolvers)
        DishResolvers.register(&resolvers)
        CommentResolvers.register(&resolvers)
        ForumResolvers.register(&resolvers)
        AccountMutations.register(&resolvers)
        RecipeMutations.register(&resolvers)
        DraftMutations.register(&resolvers)
        DishMutations.register(&resolvers)
        Connection<Recipe>.register("Recipe", in: &resolvers)
        Connection<Dish>.register("Dish", in: &resolvers)
        Connection<User>.register("User", in: &resolvers)
        Connection<Draft>.register("Draft", in: &resolvers)
        Connection<Comment>.register("Comment", in: &resolvers)
        Connection<Topic>.register("Topic", in: &resolvers)
        Connection<FeedItem>.register("Feed", in: &resolvers)
        Connection<SearchResult>.register("Search", in: &resolvers)
    }

    /// How `node`/`nodes` load this area's object types by row id.
    static let nodeLoaders: [String: NodeLoader] = NodeResolvers.loaders
}
