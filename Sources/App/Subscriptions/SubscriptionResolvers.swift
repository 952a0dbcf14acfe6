import GraphQL
import Storage

/// What one subscription event carries to the `Subscription` type's resolvers: the object
/// the event's root field returns, loaded when the event arrived.
enum SubscriptionEvent: Sendable {
    case cart(Cart)
    case comment(Comment)
}

/// `Subscription`: each root field returns the object its event carries, and the source
/// of each stream (topic, owner, token, how to load an event) is chosen here from the viewer.
enum SubscriptionResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Subscription", parent: SubscriptionEvent.self) { subscription in
            subscription.field("cartChanged") { event, _, _ in
                guard case .cart(let cart) = event else { return Resolved.null }
                return Resolved.object(cart, type: "Cart")
            }
            subscription.field("commentAdded", reading: []) { event, _, _ in
                guard case .comment(let comment) = event else { return Resolved.null }
                return Resolved.object(comment, type: "Comment")
            }
        }
    }

    /// CreateSourceEventStream for Kitchen's subscriptions: the event-log topic the
    /// stream listens to, derived from the viewer and the arguments. A refusal is located
    /// at the root field (locations and path), as graphql-js reports it.
    static func source(
        _ subscription: PreparedSubscription, context: RequestContext
    ) throws(GraphQLError) -> SubscriptionSource {
        do {
            return try openSource(subscription, context: context)
        } catch {
            throw subscription.locatedAtRootField(error)
        }
    }

    private static func openSource(
        _ subscription: PreparedSubscription, context: RequestContext
    ) throws(GraphQLError) -> SubscriptionSource {
        let store = context.store
        let owner = context.viewerID.map { "user:\($0)" }
        switch subscription.fieldName {
        case "cartChanged":
            let viewerID = try context.requireViewer()
            return SubscriptionSource(
                topic: EventLog.cartTopic(userID: viewerID), owner: owner, tokenDigest: context.tokenDigest
            ) { _ in
                SubscriptionEvent.cart(try store.cart.cart(userID: viewerID))
            }
        case "commentAdded":
            let target = try commentTarget(subscription.arguments.string("targetId") ?? "")
            let exists: Bool
            do {
                exists = try store.comments.targetExists(target)
            } catch {
                throw DatabaseOutage.clientError(error)
            }
            guard exists else {
                throw GraphQLError("Nothing to comment on has this ID.", code: .notFound)
            }
            return SubscriptionSource(
                topic: EventLog.commentsTopic(target), owner: owner, tokenDigest: context.tokenDigest
            ) { event in
                guard let id = Int64(event.payload), let comment = try store.comments.comments(ids: [id])[id]
                else { return nil }
                return SubscriptionEvent.comment(comment)
            }
        default:
            throw GraphQLError(
                "Subscription.\(subscription.fieldName) has no event source.", code: .badRequest)
        }
    }

    /// The thread a `targetId` names: a Dish, Recipe or Topic global ID.
    static func commentTarget(_ text: String) throws(GraphQLError) -> CommentTarget {
        switch GlobalID(encoded: text) {
        case let id? where id.typeName == "Dish": return .dish(id.rowID)
        case let id? where id.typeName == "Recipe": return .recipe(id.rowID)
        case let id? where id.typeName == "Topic": return .topic(id.rowID)
        default:
            throw GraphQLError(
                "\"targetId\" must be a Dish, Recipe or Topic ID; \"\(text.prefix(100))\" is not one.",
                code: .badUserInput)
        }
    }
}
