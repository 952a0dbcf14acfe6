import GraphQL
import Storage

/// `Forum` and `Topic`: enough to read a topic and comment on it.
enum ForumResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Forum", parent: Forum.self) { forum in
            forum.property("id") { GlobalID.encode("Forum", $0.id) }
            forum.property("name") { $0.name }
            forum.property("description") { $0.description }
            forum.batch("topics", reading: ["first", "after"]) { forums, arguments, context in
                let ids = forums.map(\.id)
                let pages = try storage { try context.store.forums.topics(forumIDs: ids, page: arguments.pageRequest()) }
                return Connection.each(ids, pages, counts: LazyCounts { try context.store.forums.topicsCounts(forumIDs: ids) })
            }
        }
        resolvers.type("Topic", parent: Topic.self) { topic in
            topic.property("id") { GlobalID.encode("Topic", $0.id) }
            topic.property("title") { $0.title }
            topic.property("body") { $0.body }
            topic.property("createdAt") { $0.createdAt }
            topic.batch("forum") { topics, _, context in
                try context.store.forums.forums(ids: topics.map(\.forumID)).values(for: topics.map(\.forumID))
            }
            topic.batch("author") { topics, _, context in
                try context.store.users.users(ids: topics.map(\.authorID)).values(for: topics.map(\.authorID))
            }
            topic.batch("commentsCount") { topics, _, context in
                try CommentResolvers.counts(topics.map { .topic($0.id) }, context)
            }
            topic.batch("comments", reading: ["first", "after"]) { topics, arguments, context in
                try CommentResolvers.threads(topics.map { .topic($0.id) }, arguments, context)
            }
        }
    }
}
