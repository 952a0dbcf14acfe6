extension Execution {
    /// The plan of an operation's selection set: the one its document keeps for this
    /// binding and these `@skip` / `@include` values, or one built now and kept.
    mutating func rootPlan(of operation: OperationDefinition, on rootType: ObjectType) -> FieldPlan {
        let conditions = plans.conditions(for: variables)
        let start = operation.location.start
        if let kept = plans.root(binding: bound.identity, operation: start, conditions: conditions) {
            return kept
        }
        let built = makePlan(on: rootType, selectionSets: [operation.selectionSet])
        if let kept = plans.keep(
            built, binding: bound.identity, operation: start, conditions: conditions)
        {
            return kept
        }
        // The document keeps all the roots it may: this request's plans are its own, with
        // ids of their own so that its per-plan state stays small.
        plans = plans.unshared()
        return makePlan(on: rootType, selectionSets: [operation.selectionSet])
    }

    /// The plan of an entry's sub-selections on a concrete type, built the first time any
    /// request of the document reaches it.
    func childPlan(of plan: FieldPlan, entry index: Int, on type: ObjectType) -> FieldPlan {
        guard let children = plan.children[index] else {
            return makeChildPlan(of: plan, entry: index, on: type)
        }
        if let known = children.byType.withLock({ $0[type.name] }) { return known }
        // Built outside the lock; when two requests race, both use the first one kept.
        let built = makeChildPlan(of: plan, entry: index, on: type)
        return children.byType.withLock { kept in
            if let first = kept[type.name] { return first }
            kept[type.name] = built
            return built
        }
    }

    /// The child plan of an entry whose field type is an object type, read without a lock
    /// once built; nil when the schema has no such object type.
    func objectChildPlan(of plan: FieldPlan, entry index: Int, on typeName: String) -> FieldPlan? {
        let children = plan.children[index]
        if let known = children?.objectPlan { return known }
        guard case .object(let type)? = schema[typeName] else { return nil }
        let built = makeChildPlan(of: plan, entry: index, on: type)
        return children?.keepObjectPlan(built) ?? built
    }

    /// The coerced arguments of a field node whose arguments name no variable; nil when
    /// the field has no arguments at all, or when they depend on the request's variables.
    private func fixedArguments(of field: Field, definition: FieldDefinitionInfo) -> Result<Arguments, GraphQLError>? {
        guard !definition.arguments.isEmpty || !field.arguments.isEmpty,
            !field.arguments.contains(where: { $0.value.containsVariable })
        else { return nil }
        return coerceArguments(of: field, definition: definition)
    }

    private func makeChildPlan(of plan: FieldPlan, entry index: Int, on type: ObjectType) -> FieldPlan {
        makePlan(on: type, selectionSets: plan.entries[index].fields.compactMap { $0.selectionSet })
    }

    /// The plan of `selectionSets` on a concrete object type: collected, merged fields, and
    /// how each is resolved. Fields the type does not have are left out (validation rejects
    /// them; an unvalidated document simply does not get them).
    func makePlan(on type: ObjectType, selectionSets: [SelectionSet]) -> FieldPlan {
        let isQueryRoot = type.name == schema.queryType
        let entries = collector.collect(selectionSets, on: type.name).compactMap {
            key, fields -> PlanEntry? in
            let name = fields[0].name.value
            switch name {
            case "__typename":
                return PlanEntry(
                    key: key, fields: fields, definition: MetaFields.typename,
                    resolution: .typename, shape: .nonNull(.builtInScalar(.string)))
            case "__schema" where isQueryRoot:
                return PlanEntry(
                    key: key, fields: fields, definition: MetaFields.schema, resolution: .schema,
                    shape: OutputShape(MetaFields.schema.type, in: schema))
            case "__type" where isQueryRoot:
                return PlanEntry(
                    key: key, fields: fields, definition: MetaFields.type, resolution: .type,
                    shape: OutputShape(MetaFields.type.type, in: schema))
            default:
                guard let definition = type.field(named: name) else { return nil }
                let resolver = bound.resolvers[type.name]?[name]
                return PlanEntry(
                    key: key, fields: fields, definition: definition,
                    resolution: resolver.map { .resolver($0) } ?? .unbound,
                    shape: OutputShape(definition.type, in: schema),
                    fixedArguments: fixedArguments(of: fields[0], definition: definition))
            }
        }
        return FieldPlan(id: plans.makeID(), type: type, entries: entries)
    }
}
