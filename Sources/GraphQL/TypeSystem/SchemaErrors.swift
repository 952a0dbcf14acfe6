/// Every problem found while building a schema from SDL, reported together.
///
/// A schema that fails to build should say everything that is wrong with it at once, each
/// problem with where it is, so that one edit-and-restart fixes them all.
public struct SchemaErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order graphql-js would report them.
    public let errors: [GraphQLError]

    /// Wraps the problems found, in the order found.
    public init(_ errors: [GraphQLError]) {
        self.errors = errors
    }

    /// One problem per paragraph, each followed by its `line:column` locations.
    public var description: String {
        errors.map { error in
            let places = error.locations.map(\.description).joined(separator: ", ")
            return places.isEmpty ? error.message : "\(error.message) (\(places))"
        }.joined(separator: "\n\n")
    }
}
