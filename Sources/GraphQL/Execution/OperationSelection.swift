/// GetOperation (section 6.1): the operation a request names, or the only one.
enum OperationSelection {
    static func operation(
        in document: ExecutableDocument, named name: String?
    ) throws(GraphQLError) -> OperationDefinition {
        let operations = document.operations
        guard let name else {
            guard let only = operations.first else { throw noOperation() }
            guard operations.count == 1 else { throw nameRequired() }
            return only
        }
        guard let named = operations.first(where: { $0.name?.value == name }) else {
            throw unknownOperation(name)
        }
        return named
    }

    static func noOperation() -> GraphQLError {
        GraphQLError("Must provide an operation.", code: .operationNotFound)
    }

    static func nameRequired() -> GraphQLError {
        GraphQLError(
            "Must provide operation name if query contains multiple operations.",
            code: .operationNotFound)
    }

    static func unknownOperation(_ name: String) -> GraphQLError {
        GraphQLError("Unknown operation named \"\(name)\".", code: .operationNotFound)
    }
}
