extension Execution {
    /// CompleteValue (section 6.4.3): checks a resolved value against the field's type and
    /// puts it at `slot`, serializing leaves, expanding lists item by item, and sending
    /// objects to the next level. A null where the type is non-null is an error that makes
    /// the nearest nullable position null.
    mutating func complete(_ value: Resolved, as shape: OutputShape, at slot: Int, _ site: FieldSite) {
        // One switch over the value: each pattern match on `Resolved` would copy its payload.
        switch value {
        case .error(let error):
            fail(slot, with: located(error, at: slot, site), site)
        case .null, .value(.null):
            completeNull(shape, at: slot, site)
        case .value(let raw):
            completeValue(raw, as: shape.nullable, at: slot, site)
        case .list(let items):
            guard case .list(let itemShape) = shape.nullable else {
                return failShape(slot, site)
            }
            let first = addList(items.count, of: itemShape, at: slot)
            let objectPlan = site.builtObjectPlan(for: itemShape)
            for offset in items.indices {
                // A non-null item that failed has already made the whole list null.
                guard tree.holdsContainer(slot) else { return }
                if let objectPlan, completeObject(items[offset], of: objectPlan, at: first + offset) { continue }
                complete(items[offset], as: itemShape, at: first + offset, site)
            }
        case .boxed(let object, let typeName):
            completeObject(object, typeName: typeName, as: shape.nullable, at: slot, site)
        }
    }

    /// CompleteValue for a field's value, its commonest cases first: a value already of the
    /// field's own built-in scalar (a string for a `String` or `ID`, an integer in range for
    /// an `Int`, …) is stored as it is, and an object whose plan is built (`objectPlan`) is
    /// placed at once, neither walking the field's shape; anything else goes to `complete`.
    ///
    /// The value is taken, not borrowed: matching a borrowed `Resolved` copied its payload,
    /// a retain and a release for every leaf of the response.
    mutating func completeField(
        _ value: consuming Resolved, of entry: PlanEntry, objectPlan: FieldPlan?, at slot: Int, _ site: FieldSite
    ) {
        switch consume value {
        case .value(let raw):
            if let kind = entry.scalarLeaf, Self.isOwnScalar(raw, kind) { return tree.setLeaf(raw, at: slot) }
            complete(.value(raw), as: entry.shape, at: slot, site)
        case .boxed(let object, let typeName):
            if let objectPlan { return place(object, plan: objectPlan, at: slot) }
            complete(.boxed(object, type: typeName), as: entry.shape, at: slot, site)
        case let other:
            complete(other, as: entry.shape, at: slot, site)
        }
    }

    /// Whether a leaf is already of the built-in scalar `kind` as output coercion would
    /// make it (an `Int` in 32-bit range, a finite `Float`).
    static func isOwnScalar(_ raw: Value, _ kind: BuiltInScalars.Kind) -> Bool {
        switch raw {
        case .string: kind == .string || kind == .id
        case .int(let number): kind == .int && number >= BuiltInScalars.minInt && number <= BuiltInScalars.maxInt
        case .bool: kind == .boolean
        case .float(let number): kind == .float && number.isFinite
        case .null, .list, .object: false
        }
    }

    /// CompleteValue for an object where the type is an object type whose plan is built:
    /// its container is made and filled (or queued) at once, without walking the field's
    /// shape or looking the plan up. False, having done nothing, for anything but an
    /// object, which `complete` must judge.
    mutating func completeObject(_ value: Resolved, of plan: FieldPlan, at slot: Int) -> Bool {
        guard case .boxed(let object, _) = value else { return false }
        place(object, plan: plan, at: slot)
        return true
    }

    /// Makes an object's container at `slot` and fills it at once when its plan resolves
    /// in place, or puts it on the next level.
    private mutating func place(_ object: AnyObject, plan: FieldPlan, at slot: Int) {
        let container = tree.addObject(keySet: keySet(of: plan), count: plan.entries.count, parentSlot: slot)
        if plan.resolvesInPlace {
            resolveInPlace(object, plan: plan, container: container)
        } else {
            enqueue(object, plan: plan, container: container)
        }
    }

    /// A null is fine where the type is nullable; elsewhere it is an error.
    private mutating func completeNull(_ shape: OutputShape, at slot: Int, _ site: FieldSite) {
        guard shape.isNonNull else { return }
        fail(slot, with: located(Self.nonNullViolation(site.fieldName), at: slot, site), site)
    }

    /// CompleteValue for a plain `Value`: a leaf, a list of values, or an `ObjectValue`
    /// parent.
    private mutating func completeValue(_ raw: Value, as shape: OutputShape, at slot: Int, _ site: FieldSite) {
        switch shape {
        case .nonNull(let inner):
            completeValue(raw, as: inner, at: slot, site)
        case .list(let itemShape):
            guard case .list(let values) = raw else {
                return fail(slot, with: internalFailure(Self.notIterable(site.fieldName), at: slot, site), site)
            }
            let first = addList(values.count, of: itemShape, at: slot)
            for offset in values.indices {
                guard tree.holdsContainer(slot) else { return }
                if case .null = values[offset] {
                    completeNull(itemShape, at: first + offset, site)
                } else {
                    completeValue(values[offset], as: itemShape.nullable, at: first + offset, site)
                }
            }
        case .builtInScalar(let kind):
            // The common case, a string for a String, needs no conversion.
            if case .string = raw, kind == .string { return tree.setLeaf(raw, at: slot) }
            serializeLeaf(raw, at: slot, site) { value throws(CoercionFailure) in
                try BuiltInScalars.serialize(value, as: kind)
            }
        case .customScalar(let coercion):
            serializeLeaf(raw, at: slot, site) { value throws(CoercionFailure) in
                guard let coercion else { return value }
                return try coercion.serialize(value)
            }
        case .enumeration(let enumeration):
            serializeLeaf(raw, at: slot, site) { value throws(CoercionFailure) in
                guard case .string(let text) = value, enumeration.value(named: text) != nil else {
                    throw CoercionFailure(
                        "Enum \"\(enumeration.name)\" cannot represent value: \(Self.inspect(value))")
                }
                return value
            }
        case .object, .abstract:
            guard case .object(let object) = raw else { return failShape(slot, site) }
            completeObject(ObjectBox(object), typeName: nil, as: shape, at: slot, site)
        case .unknown(let name):
            fail(slot, with: internalFailure("Unknown output type \(name).", at: slot, site), site)
        }
    }

    private mutating func serializeLeaf(
        _ raw: Value, at slot: Int, _ site: FieldSite,
        _ serialize: (Value) throws(CoercionFailure) -> Value
    ) {
        do throws(CoercionFailure) {
            tree.setLeaf(try serialize(raw), at: slot)
        } catch {
            fail(slot, with: located(GraphQLError(error.message, code: .internalError), at: slot, site), site)
        }
    }

    /// Adds a list container at `slot`; returns the position of its first item.
    private mutating func addList(_ count: Int, of itemShape: OutputShape, at slot: Int) -> Int {
        let list = tree.addList(count: count, itemIsNonNull: itemShape.isNonNull, parentSlot: slot)
        return tree.containers[list].firstSlot
    }

    /// The resolver returned a list, an object or a leaf where the type wants another.
    private mutating func failShape(_ slot: Int, _ site: FieldSite) {
        let message = "The resolver of \(site.fieldName) returned a value of the wrong shape for \(site.definition.type)."
        fail(slot, with: internalFailure(message, at: slot, site), site)
    }

    /// CompleteValue for objects, interfaces and unions: finds the concrete object type
    /// (ResolveAbstractType) when the field's type is abstract, makes the object's container
    /// and puts it on the next level.
    private mutating func completeObject(
        _ parent: AnyObject, typeName concreteName: String?, as shape: OutputShape, at slot: Int,
        _ site: FieldSite
    ) {
        var concreteName = concreteName
        let staticType: String?
        let abstractName: String?
        switch shape {
        case .object(let name):
            staticType = name
            abstractName = nil
        case .abstract(let name):
            staticType = nil
            abstractName = name
        case .list:
            return fail(slot, with: internalFailure(Self.notIterable(site.fieldName), at: slot, site), site)
        default:
            return failShape(slot, site)
        }
        let plan: FieldPlan
        if let staticType {
            guard let known = objectChildPlan(of: site.plan, entry: site.entry, on: staticType) else {
                return fail(slot, with: internalFailure("Unknown output type \(staticType).", at: slot, site), site)
            }
            plan = known
        } else {
            let typeName = abstractName ?? ""
            if concreteName == nil {
                // The box's class when the resolver boxed a registered type, else the value's.
                concreteName =
                    bound.objectTypeBySwiftType[ObjectIdentifier(Swift.type(of: parent))]
                    ?? bound.objectTypeBySwiftType[ObjectIdentifier(valueType(of: parent))] ?? nil
            }
            guard let concreteName else {
                let message = "Abstract type \"\(typeName)\" must resolve to an Object type at runtime for field \"\(site.fieldName)\". Either the \"\(typeName)\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function."
                return fail(slot, with: internalFailure(message, at: slot, site), site)
            }
            guard case .object(let object)? = schema[concreteName] else {
                let message = "Abstract type \"\(typeName)\" was resolved to a type \"\(concreteName)\" that does not exist inside the schema."
                return fail(slot, with: internalFailure(message, at: slot, site), site)
            }
            guard schema.isPossibleType(concreteName, of: typeName) else {
                let message = "Runtime Object type \"\(concreteName)\" is not a possible type for \"\(typeName)\"."
                return fail(slot, with: internalFailure(message, at: slot, site), site)
            }
            plan = childPlan(of: site.plan, entry: site.entry, on: object)
        }
        place(parent, plan: plan, at: slot)
    }

    static func nonNullViolation(_ field: String) -> GraphQLError {
        GraphQLError("Cannot return null for non-nullable field \(field).", code: .internalError)
    }

    static func notIterable(_ field: String) -> String {
        "Expected Iterable, but did not find one for field \"\(field)\"."
    }

    /// A value as graphql-js's `inspect` shows it in messages: JSON text.
    static func inspect(_ value: Value) -> String {
        var writer = JSONWriter()
        writer.writeValue(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
