/// Reports an internal error (any Swift error a resolver throws that is not a
/// `GraphQLError`) so the application can log its detail, and says how the client is
/// shown it: `Internal server error` with code `INTERNAL` unless the application knows a
/// truer kind (such as a database that does not answer), never the detail itself.
public typealias InternalErrorHandler = (_ error: any Error, _ path: [PathComponent]) -> MaskedError

/// What a client sees of a masked internal error: a message and code chosen by the
/// application, and the id (a request or incident id) that ties it to the log line with
/// the detail, shown as `extensions.requestId`.
public struct MaskedError: Sendable, Hashable {
    public var message: String
    public var code: ErrorCode
    public var requestID: String?

    public init(message: String = "Internal server error", code: ErrorCode = .internalError, requestID: String? = nil) {
        self.message = message
        self.code = code
        self.requestID = requestID
    }
}

extension BoundSchema {
    /// Executes a request (section 6): selects the operation, coerces the variables, and
    /// runs the operation synchronously on the calling thread.
    ///
    /// - Parameters:
    ///   - document: a parsed and validated document.
    ///   - operationName: the operation to run; needed when the document has several.
    ///   - variables: the raw variable values of the request (from JSON).
    ///   - context: the application's per-request context, passed to every resolver.
    ///   - rootValue: the parent given to the root type's resolvers.
    ///   - onInternalError: called for each masked internal error.
    public func execute(
        _ document: ExecutableDocument, operationName: String? = nil,
        variables: ObjectValue = ObjectValue(), context: Context, rootValue: Any = (),
        onInternalError: InternalErrorHandler? = nil
    ) -> ExecutionResult {
        execute(
            document, plans: ExecutionPlans(document), perRequestCost: nil, operationName: operationName,
            variables: variables, context: context, rootValue: rootValue,
            onInternalError: onInternalError)
    }

    /// Executes a prepared (parsed and validated) document, with the field plans earlier
    /// requests of the same document built.
    public func execute(
        _ prepared: PreparedDocument, operationName: String? = nil,
        variables: ObjectValue = ObjectValue(), context: Context, rootValue: Any = (),
        onInternalError: InternalErrorHandler? = nil
    ) -> ExecutionResult {
        execute(
            prepared.document, plans: prepared.plans, perRequestCost: prepared.perRequestCost,
            operationName: operationName, variables: variables, context: context, rootValue: rootValue,
            onInternalError: onInternalError)
    }

    private func execute(
        _ document: ExecutableDocument, plans: ExecutionPlans, perRequestCost: PerRequestCost?,
        operationName: String?,
        variables: ObjectValue, context: Context, rootValue: Any,
        onInternalError: InternalErrorHandler?
    ) -> ExecutionResult {
        let operation: OperationDefinition
        do {
            operation = try OperationSelection.operation(in: document, named: operationName)
        } catch {
            return ExecutionResult(errors: [error])
        }
        if operation.operation == .subscription {
            return ExecutionResult(errors: [
                GraphQLError(
                    "Subscriptions are not supported yet.", source: document.source,
                    at: [operation.location.start], code: .badRequest)
            ])
        }
        let coerced = InputCoercion.coerceVariableValues(
            variables, definitions: operation.variableDefinitions, schema: schema,
            source: document.source)
        let variableValues: ObjectValue
        switch coerced {
        case .success(let values): variableValues = values
        case .failure(let failure): return ExecutionResult(errors: failure.errors)
        }
        if let tooCostly = perRequestCost?.error(
            for: operation, in: document, schema: schema, variables: variableValues)
        {
            return ExecutionResult(errors: [tooCostly])
        }
        guard let rootType = schema.rootType(for: operation.operation) else {
            return ExecutionResult(
                tree: .nullData,
                errors: [
                    GraphQLError(
                        "Schema is not configured to execute \(operation.operation.rawValue) operation.",
                        source: document.source, at: [operation.location.start],
                        code: .badRequest)
                ])
        }
        var execution = Execution(
            bound: boundResolvers, document: document, plans: plans, variables: variableValues,
            context: ObjectBox(context), onInternalError: onInternalError)
        return execution.run(
            operation, rootType: rootType, rootValue: ObjectBox(rootValue),
            serially: operation.operation == .mutation)
    }
}

/// The parts of a `BoundSchema` the executor needs, without its `Context` parameter.
struct BoundResolvers {
    let schema: Schema
    let resolvers: [String: [String: FieldResolver]]
    let objectTypeBySwiftType: [ObjectIdentifier: String?]
    /// Which binding the resolvers are, so plans holding them are kept per binding.
    let identity: BindingIdentity
}

extension BoundSchema {
    var boundResolvers: BoundResolvers {
        BoundResolvers(
            schema: schema, resolvers: resolvers, objectTypeBySwiftType: objectTypeBySwiftType,
            identity: identity)
    }
}
