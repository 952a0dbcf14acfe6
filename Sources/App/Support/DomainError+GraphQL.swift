import GraphQL
import Storage

extension DomainError {
    /// The error as clients see it: the domain's message with its documented code.
    var graphQLError: GraphQLError {
        GraphQLError(message, code: ErrorCode(rawValue: code))
    }
}
