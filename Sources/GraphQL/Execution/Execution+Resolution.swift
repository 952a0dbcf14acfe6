extension Execution {
    /// ExecuteField for one response key over every object of a batch: one resolver call
    /// for a batch resolver, one per object otherwise, then value completion for each.
    mutating func resolve(entry index: Int, of batch: Batch) {
        let plan = batch.plan
        let entry = plan.entries[index]
        // The buffer of the previous entry's positions, refilled: one array per request
        // instead of one per field.
        var slots: [Int] = []
        swap(&slots, &spareSlots)
        // One element at a time: `removeAll(keepingCapacity:)` went through the generic
        // `replaceSubrange`, about 80 instructions for a few positions.
        while !slots.isEmpty { slots.removeLast() }
        for container in batch.containers { slots.append(tree.containers[container].firstSlot + index) }
        defer { spareSlots = slots }
        if tree.nulledContainers > 0 {
            // Objects a null has replaced since they were reached need nothing more.
            let alive = batch.containers.indices.filter { tree.isAlive(batch.containers[$0]) }
            if alive.count < batch.parents.count {
                let parents = alive.map { batch.parents[$0] }
                slots = alive.map { slots[$0] }
                return resolve(entry, plan, index, parents, slots)
            }
        }
        // The batch's own parents, not a copy of them (a retain and a release per field).
        resolve(entry, plan, index, batch.parents, slots)
    }

    /// Resolves every field of one object whose plan `resolvesInPlace`, right away: the
    /// same resolver calls and completion as on the next level, without the batch.
    mutating func resolveInPlace(_ parent: AnyObject, plan: FieldPlan, container: Int) {
        let first = tree.containers[container].firstSlot
        for index in plan.entries.indices {
            // A null that has replaced the object (or an ancestor) ends it, as a dead
            // container is skipped on the next level.
            if tree.nulledContainers > 0, !tree.isAlive(container) { return }
            let entry = plan.entries[index]
            let slot = first + index
            let site = FieldSite(plan: plan, entry: index)
            switch entry.resolution {
            case .typename:
                tree.setLeaf(.string(plan.type.name), at: slot)
            case .resolver(.each(let resolve)):
                switch arguments(of: entry) {
                case .failure(let error):
                    fail([slot], with: error, site)
                case .success(let arguments):
                    let value: Resolved
                    do {
                        value = try resolve(parent, arguments, context)
                    } catch {
                        value = .error(error)
                    }
                    completeField(value, of: entry, objectPlan: nil, at: slot, site)
                }
            default:
                // `ObjectValue` keys, rare enough for the general path.
                resolve(entry, plan, index, [parent], [slot])
            }
        }
    }

    private mutating func resolve(
        _ entry: PlanEntry, _ plan: FieldPlan, _ index: Int, _ parents: [AnyObject], _ slots: [Int]
    ) {
        guard !parents.isEmpty else { return }
        let site = FieldSite(plan: plan, entry: index)
        switch entry.resolution {
        case .typename:
            for slot in slots { tree.setLeaf(.string(plan.type.name), at: slot) }
        case .schema:
            let value = Resolved.object(SchemaIntrospection(schema: schema), type: "__Schema")
            for slot in slots { complete(value, as: entry.shape, at: slot, site) }
        case .type:
            let value: Resolved
            switch arguments(of: entry) {
            case .failure(let error):
                value = .error(error)
            case .success(let arguments):
                value = TypeIntrospection.named(arguments.string("name") ?? "", in: schema)
            }
            for slot in slots { complete(value, as: entry.shape, at: slot, site) }
        case .unbound:
            let error = internalFailure(
                "No resolver for \(plan.type.name).\(entry.definition.name).", at: slots[0], site)
            fail(slots, with: error, site)
        case .resolver(let resolver):
            switch arguments(of: entry) {
            case .failure(let error):
                fail(slots, with: error, site)
            case .success(let arguments):
                call(resolver, entry, parents, arguments, slots, site)
            }
        }
    }

    private mutating func call(
        _ resolver: FieldResolver, _ entry: PlanEntry, _ parents: [AnyObject], _ arguments: Arguments,
        _ slots: [Int], _ site: FieldSite
    ) {
        let shape = entry.shape
        let objectPlan = site.builtObjectPlan(for: shape)
        switch resolver {
        case .each(let resolve):
            // Index loops: iterating a `zip` of the arrays was not optimized away.
            for index in parents.indices {
                let slot = slots[index]
                let value: Resolved
                do {
                    value = try resolve(parents[index], arguments, context)
                } catch {
                    value = .error(error)
                }
                completeField(value, of: entry, objectPlan: objectPlan, at: slot, site)
            }
        case .batch(let resolve):
            let values: [Resolved]
            do {
                values = try resolve(parents, arguments, context)
            } catch {
                // One failure fails every position, but is reported (and logged) once.
                return fail(slots, with: located(error, at: slots[0], site), site)
            }
            guard values.count == parents.count else {
                let error = internalFailure(
                    "The batch resolver of \(site.fieldName) returned \(values.count) values for \(parents.count) parents.",
                    at: slots[0], site)
                return fail(slots, with: error, site)
            }
            for index in values.indices {
                let value = values[index]
                let slot = slots[index]
                completeField(value, of: entry, objectPlan: objectPlan, at: slot, site)
            }
        case .valueKey(let key):
            for (parent, slot) in zip(parents, slots) {
                guard let object = unbox(parent, as: ObjectValue.self) else {
                    let mismatch = ResolverInputMismatch(
                        field: site.fieldName, expected: "ObjectValue", got: parent)
                    fail(slot, with: mask(mismatch, at: slot, site), site)
                    continue
                }
                complete(object[key].map { .value($0) } ?? .null, as: shape, at: slot, site)
            }
        }
    }
}

/// Where a value is being completed: the plan and entry of the field, for messages,
/// error locations and child plans.
struct FieldSite {
    /// Not retained: a site lives only while the plan's batch (or its parent's) is being
    /// resolved, and the request's plans hold every plan until the request ends. Counting
    /// the reference cost a retain and a release for every field of every object.
    unowned(unsafe) let plan: FieldPlan
    let entry: Int

    var definition: FieldDefinitionInfo { plan.entries[entry].definition }
    var fields: [Field] { plan.entries[entry].fields }
    /// `Type.field`, as messages name a field.
    var fieldName: String { "\(plan.type.name).\(definition.name)" }

    /// The plan of the field's objects when `shape` (the field's, or its list's items') is
    /// an object type and some request has built the plan already; nil otherwise.
    func builtObjectPlan(for shape: OutputShape) -> FieldPlan? {
        shape.isObject ? plan.children[entry]?.objectPlan : nil
    }
}
