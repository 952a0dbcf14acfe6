extension Schema {
    /// This schema with each coercion attached to the custom scalar of its name, and the
    /// names that are not custom scalars of the schema.
    ///
    /// Binding resolvers attaches the application's coercions this way; a tool that only
    /// validates documents (no resolvers) attaches them too, so that a scalar's own
    /// `parseLiteral` judges literals as it does on the server.
    public func attaching(
        scalarCoercions: [(name: String, coercion: ScalarCoercion)]
    ) -> (schema: Schema, unknown: [String]) {
        var types = typeNames.compactMap { self[$0] }
        var unknown: [String] = []
        for (name, coercion) in scalarCoercions {
            guard let index = types.firstIndex(where: { $0.name == name }),
                case .scalar(var scalar) = types[index], !BuiltInScalars.isBuiltIn(name)
            else {
                unknown.append(name)
                continue
            }
            scalar.coercion = coercion
            types[index] = .scalar(scalar)
        }
        let schema = Schema(
            description: description, queryType: queryType, mutationType: mutationType,
            subscriptionType: subscriptionType, types: types,
            directives: directiveNames.compactMap { directives[$0] })
        return (schema, unknown)
    }
}
