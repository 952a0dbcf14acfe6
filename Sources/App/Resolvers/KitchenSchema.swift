import GraphQL

/// Kitchen's resolvers, bound to `Schema.graphql` at start.
///
/// Each area registers its own types in its own folder; binding checks that together they
/// cover every field of the schema and nothing else, and the server refuses to start
/// otherwise, listing every mismatch.
enum KitchenSchema {
    /// The product's custom scalars and how each coerces values.
    static let scalarCoercions: [(name: String, coercion: ScalarCoercion)] = [
        ("DateTime", DateTimeScalar.coercion),
        ("Upload", UploadScalar.coercion),
    ]

    /// Every resolver of the product.
    static func resolvers() -> Resolvers<RequestContext> {
        var resolvers = Resolvers<RequestContext>()
        for (name, coercion) in scalarCoercions { resolvers.scalar(name, coercion) }
        PhotoResolvers.register(&resolvers)
        SubscriptionResolvers.register(&resolvers)
        Money.register(&resolvers)
        PageInfo.register(&resolvers)
        SocialResolvers.register(&resolvers)
        CommerceResolvers.register(&resolvers)
        return resolvers
    }

    /// Builds the schema from its SDL and binds the resolvers to it; every problem is
    /// reported at once, with what to do.
    static func bind(sdl: String, path: String) throws(StartupError) -> BoundSchema<RequestContext> {
        let schema: Schema
        do {
            schema = try SchemaBuilder.build(sdl: sdl, name: path)
        } catch {
            let problems = error.errors.map { error in
                "  \(path):\(error.locations.first.map { "\($0.line):\($0.column)" } ?? "-"): \(error.message)"
            }
            throw StartupError("the schema \(path) is not valid:\n" + problems.joined(separator: "\n"))
        }
        do {
            return try resolvers().bind(to: schema)
        } catch {
            throw StartupError("\(error)\nThe schema and the resolvers must agree before Kitchen starts.")
        }
    }
}
