import GraphQL
import Storage

/// `User`: the profile, its counts and connections, and the viewer-only fields.
enum UserResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("User", parent: User.self) { user in
            user.property("id") { GlobalID.encode("User", $0.id) }
            user.property("username") { $0.username }
            user.property("name") { $0.name }
            user.property("avatar") { Photo(storedURL: $0.avatarURL) }
            user.property("bio") { $0.bio }
            user.property("gender") { $0.gender }
            user.property("profession") { $0.profession }
            user.property("birthday") { $0.birthday }
            user.property("hometown") { $0.hometown }
            user.property("currentLocation") { $0.currentLocation }
            user.property("joinedAt") { $0.joinedAt }
            user.property("isMember") { $0.isMember }
            registerCounts(&user)
            registerConnections(&user)
            user.batch("viewerIsFollowing") { users, _, context in
                guard let viewerID = context.viewerID else { return users.map { _ in false } }
                let followed = try context.store.users.viewerFollows(userIDs: users.map(\.id), viewerID: viewerID)
                return users.map { followed.contains($0.id) }
            }
            registerViewerOnly(&user)
        }
    }

    /// The four profile counts: one batch of grouped statements per count asked for.
    private static func registerCounts(_ user: inout ObjectResolvers<User, RequestContext>) {
        let counts: [(String, @Sendable (UserStats) -> Int)] = [
            ("followingCount", { $0.followingCount }), ("followersCount", { $0.followersCount }),
            ("recipesCount", { $0.recipesCount }), ("dishesCount", { $0.dishesCount }),
        ]
        for (name, read) in counts {
            user.batch(name) { users, _, context in
                let stats = try context.store.users.stats(userIDs: users.map(\.id))
                return users.map { read(stats[$0.id] ?? .zero) }
            }
        }
    }

    /// `recipes`, `dishes`, `followers`, `following`: each one page per user, loaded for
    /// every user of a level at once.
    private static func registerConnections(_ user: inout ObjectResolvers<User, RequestContext>) {
        user.batch("recipes", reading: ["first", "after"]) { users, arguments, context in
            let ids = users.map(\.id)
            let pages = try storage { try context.store.recipes.recipes(authorIDs: ids, page: arguments.pageRequest()) }
            return Connection.each(ids, pages, counts: counts(ids, context, \.recipesCount))
        }
        user.batch("dishes", reading: ["first", "after"]) { users, arguments, context in
            let ids = users.map(\.id)
            let pages = try storage { try context.store.dishes.dishes(authorIDs: ids, page: arguments.pageRequest()) }
            return Connection.each(ids, pages, counts: counts(ids, context, \.dishesCount))
        }
        user.batch("followers", reading: ["first", "after"]) { users, arguments, context in
            let ids = users.map(\.id)
            let pages = try storage { try context.store.users.followers(of: ids, page: arguments.pageRequest()) }
            return Connection.each(ids, try self.users(pages, context), counts: counts(ids, context, \.followersCount))
        }
        user.batch("following", reading: ["first", "after"]) { users, arguments, context in
            let ids = users.map(\.id)
            let pages = try storage { try context.store.users.following(of: ids, page: arguments.pageRequest()) }
            return Connection.each(ids, try self.users(pages, context), counts: counts(ids, context, \.followingCount))
        }
    }

    /// `drafts`, `collections` and `settings`: only the viewer's own; anyone else's is
    /// `NOT_FOUND`, exactly like a missing object.
    private static func registerViewerOnly(_ user: inout ObjectResolvers<User, RequestContext>) {
        user.field("drafts", reading: ["first", "after"]) { user, arguments, context in
            let viewerID = try requireSelf(user, context)
            let page = try storage { try context.store.drafts.drafts(authorID: viewerID, page: arguments.pageRequest()) }
            return Connection(page) { try context.store.drafts.draftsCount(authorID: viewerID) }
        }
        user.field("collections", reading: ["first", "after"]) { user, arguments, context in
            let viewerID = try requireSelf(user, context)
            let page = try storage { try context.store.recipes.collections(userID: viewerID, page: arguments.pageRequest()) }
            return Connection(page) { try context.store.recipes.collectionsCount(userID: viewerID) }
        }
        user.field("settings") { user, _, context in
            let viewerID = try requireSelf(user, context)
            return Resolved.object(try context.store.users.settings(userID: viewerID))
        }
    }

    /// The viewer's id when `user` is the viewer; `UNAUTHENTICATED` without a viewer,
    /// `NOT_FOUND` for anyone else.
    static func requireSelf(_ user: User, _ context: RequestContext) throws(GraphQLError) -> Int64 {
        let viewerID = try context.requireViewer()
        guard viewerID == user.id else {
            throw GraphQLError("Only the user themselves can see this.", code: .notFound)
        }
        return viewerID
    }

    /// One of the profile counts of `userIDs`, loaded when first asked.
    private static func counts(
        _ userIDs: [Int64], _ context: RequestContext, _ read: @escaping @Sendable (UserStats) -> Int
    ) -> LazyCounts<Int64> {
        LazyCounts { try context.store.users.stats(userIDs: userIDs).mapValues(read) }
    }

    /// Pages of user ids as pages of users, loaded in one statement.
    static func users(_ pages: [Int64: Page<Int64>], _ context: RequestContext) throws -> [Int64: Page<User>] {
        let users = try context.store.users.users(ids: pages.values.flatMap(\.nodes))
        return pages.mapValues { ids in
            Page(
                edges: ids.edges.compactMap { edge in users[edge.node].map { (edge.cursor, $0) } },
                hasNextPage: ids.hasNextPage, hasPreviousPage: ids.hasPreviousPage)
        }
    }

    /// A page of user ids as a page of users, loaded in one statement.
    static func users(_ ids: Page<Int64>, _ context: RequestContext) throws -> Page<User> {
        let users = try context.store.users.users(ids: ids.nodes)
        return Page(
            edges: ids.edges.compactMap { edge in users[edge.node].map { (edge.cursor, $0) } },
            hasNextPage: ids.hasNextPage, hasPreviousPage: ids.hasPreviousPage)
    }
}
