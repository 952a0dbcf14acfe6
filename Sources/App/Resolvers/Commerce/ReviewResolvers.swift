import GraphQL
import Storage

/// `Review`: a buyer's rating and words about a goods, with photos (晒图).
enum ReviewResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Review", parent: Review.self) { review in
            review.property("id") { GlobalID.encode("Review", $0.id) }
            review.batch("author") { reviews, _, context in
                let users = try context.store.users.users(ids: reviews.map(\.authorID))
                return CommerceOutput.lookup(reviews, key: \.authorID, in: users)
            }
            review.property("rating") { $0.rating }
            review.property("text") { $0.text }
            review.property("photos") { $0.photos }
            review.property("kindName") { $0.kindName }
            review.property("createdAt") { $0.createdAt }
        }
        Connection<Review>.register("Review", in: &resolvers)
    }
}
