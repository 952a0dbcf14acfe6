/// A subscription operation ready to run (section 6.2.3, Subscribe): the operation is
/// selected, its variables coerced, and its one root field — the source stream — named
/// with its coerced arguments, so that the application can open that stream.
///
/// The engine does not own event streams: the application subscribes to its own source
/// (a database event log, say) and calls `BoundSchema.executeSubscriptionEvent` for each
/// event, which is MapSourceToResponseEvent's ExecuteSubscriptionEvent (section 6.2.3.2).
public struct PreparedSubscription: Sendable {
    /// The document the operation is in.
    public let document: ExecutableDocument
    /// The subscription operation.
    public let operation: OperationDefinition
    /// The coerced variable values.
    public let variables: ObjectValue
    /// The root field's name (the source stream), e.g. `cartChanged`.
    public let fieldName: String
    /// The root field's coerced argument values.
    public let arguments: Arguments
    /// The document's field plans, shared by every event.
    let plans: ExecutionPlans
    /// Where the root field is selected (every selection of its response key).
    let rootFieldLocations: [SourceLocation]
    /// The root field's response key: its alias, or else its name.
    let rootResponseKey: String

    /// `error` as CreateSourceEventStream (section 6.2.3.1) reports an error raised while
    /// the source stream is made (a missing viewer, an argument the application refuses):
    /// at the root field's locations (unless it has its own) with the root field's response
    /// key as its path, as graphql-js's `locatedError` places it. An error that has a path
    /// is returned unchanged.
    public func locatedAtRootField(_ error: GraphQLError) -> GraphQLError {
        Self.located(error, at: rootFieldLocations, responseKey: rootResponseKey)
    }

    static func located(
        _ error: GraphQLError, at locations: [SourceLocation], responseKey: String
    ) -> GraphQLError {
        guard error.path.isEmpty else { return error }
        var located = error
        if located.locations.isEmpty { located.locations = locations }
        located.path = [.key(responseKey)]
        return located
    }
}

/// A subscription request, prepared or rejected with request errors.
public enum SubscriptionPreparation: Sendable {
    case ready(PreparedSubscription)
    case rejected([GraphQLError])
}

extension BoundSchema {
    /// CreateSourceEventStream's checks (section 6.2.3.1) without the stream: selects the
    /// operation, which must be a subscription, coerces the variables and the root field's
    /// arguments. Errors are request errors (no `data`).
    public func prepareSubscription(
        _ prepared: PreparedDocument, operationName: String? = nil,
        variables: ObjectValue = ObjectValue()
    ) -> SubscriptionPreparation {
        let document = prepared.document
        let operation: OperationDefinition
        do {
            operation = try OperationSelection.operation(in: document, named: operationName)
        } catch {
            return .rejected([error])
        }
        guard operation.operation == .subscription else {
            return .rejected([
                GraphQLError(
                    "Only a subscription operation can be served as an event stream.",
                    source: document.source, at: [operation.location.start], code: .badRequest)
            ])
        }
        guard let rootType = schema.rootType(for: .subscription) else {
            return .rejected([
                GraphQLError(
                    "Schema is not configured to execute subscription operation.",
                    source: document.source, at: [operation.location.start], code: .badRequest)
            ])
        }
        let variableValues: ObjectValue
        switch InputCoercion.coerceVariableValues(
            variables, definitions: operation.variableDefinitions, schema: schema,
            source: document.source)
        {
        case .success(let values): variableValues = values
        case .failure(let failure): return .rejected(failure.errors)
        }
        let collector = FieldCollector(
            schema: schema, fragments: prepared.plans.fragments, variables: variableValues)
        let groups = collector.collect([operation.selectionSet], on: rootType.name)
        // Validation's "Single root field" rule makes this exactly one group.
        guard groups.count == 1, let field = groups[0].1.first,
            let definition = rootType.field(named: field.name.value)
        else {
            return .rejected([
                GraphQLError(
                    "Anonymous Subscription must select only one top level field.",
                    source: document.source, at: [operation.location.start], code: .badRequest)
            ])
        }
        let locations = groups[0].1.map { document.source.lineColumn(at: $0.location.start) }
        let arguments: ObjectValue
        do {
            arguments = try InputCoercion.coerceArgumentValues(
                definitions: definition.arguments, arguments: field.arguments,
                variables: variableValues, schema: schema, source: document.source,
                location: field.location)
        } catch {
            // Part of CreateSourceEventStream, as in graphql-js: located at the root field.
            return .rejected([
                PreparedSubscription.located(error, at: locations, responseKey: field.responseKey)
            ])
        }
        return .ready(
            PreparedSubscription(
                document: document, operation: operation, variables: variableValues,
                fieldName: field.name.value, arguments: Arguments(arguments),
                plans: prepared.plans, rootFieldLocations: locations,
                rootResponseKey: field.responseKey))
    }

    /// ExecuteSubscriptionEvent (section 6.2.3.2): runs the subscription's selection set
    /// as a query would, with `event` as the root value, so the root field's resolver gets
    /// the event as its parent. The result is one `next` payload.
    public func executeSubscriptionEvent(
        _ subscription: PreparedSubscription, event: Any, context: Context,
        onInternalError: InternalErrorHandler? = nil
    ) -> ExecutionResult {
        guard let rootType = schema.rootType(for: .subscription) else {
            return ExecutionResult(errors: [
                GraphQLError("Schema is not configured to execute subscription operation.", code: .badRequest)
            ])
        }
        var execution = Execution(
            bound: boundResolvers, document: subscription.document, plans: subscription.plans,
            variables: subscription.variables, context: ObjectBox(context),
            onInternalError: onInternalError)
        return execution.run(
            subscription.operation, rootType: rootType, rootValue: ObjectBox(event), serially: false)
    }
}
