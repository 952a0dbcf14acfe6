import GraphQL
import Storage

/// Runs a storage call and turns a refused product rule (`DomainError`) into the client's
/// `GraphQLError` with its documented code.
///
/// Anything else (an `SQLiteError`) passes through unchanged, so the executor logs it and
/// shows the client only a generic `INTERNAL` error.
func storage<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as DomainError {
        throw error.graphQLError
    }
}

extension GlobalID {
    /// The opaque ID of a `typeName` row, as clients see it.
    static func encode(_ typeName: String, _ rowID: Int64) -> String {
        GlobalID(typeName, rowID).encoded
    }
}
