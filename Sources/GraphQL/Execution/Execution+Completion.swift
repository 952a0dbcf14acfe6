extension Execution {
    /// CompleteValue (section 6.4.3): checks a resolved value against the field's type and
    /// puts it at `slot`, serializing leaves, expanding lists item by item, and sending
    /// objects to the next level. A null where the type is non-null is an error that makes
    /// the nearest nullable position null.
    func complete(_ value: Resolved, as type: TypeReference, at slot: Int, _ site: FieldSite) {
        if case .error(let error) = value {
            return fail(slot, with: located(error, at: slot, site), site)
        }
        if value.isNull {
            if type.isNonNull {
                fail(slot, with: located(Self.nonNullViolation(site.fieldName), at: slot, site), site)
            }
            return
        }
        switch type.nullable {
        case .list(let itemType):
            guard let items = value.items else {
                return fail(slot, with: internalFailure(Self.notIterable(site.fieldName), at: slot, site), site)
            }
            let list = tree.addList(count: items.count, itemIsNonNull: itemType.isNonNull, parentSlot: slot)
            let first = tree.containers[list].firstSlot
            for (offset, item) in items.enumerated() {
                // A non-null item that failed has already made the whole list null.
                guard case .container(list) = tree.slots[slot] else { return }
                complete(item, as: itemType, at: first + offset, site)
            }
        case .nonNull(let inner):
            complete(value, as: inner, at: slot, site)
        case .named(let name):
            switch schema[name] {
            case .scalar(let scalar)?:
                completeLeaf(value, at: slot, site) { value throws(CoercionFailure) in
                    if let coercion = scalar.coercion { return try coercion.serialize(value) }
                    if BuiltInScalars.isBuiltIn(name) {
                        return try BuiltInScalars.serialize(value, typeName: name)
                    }
                    return value
                }
            case .enumeration(let enumeration)?:
                completeLeaf(value, at: slot, site) { value throws(CoercionFailure) in
                    guard case .string(let text) = value, enumeration.value(named: text) != nil
                    else {
                        throw CoercionFailure(
                            "Enum \"\(name)\" cannot represent value: \(Self.inspect(value))")
                    }
                    return value
                }
            case .object, .interface, .union:
                completeObject(value, typeName: name, at: slot, site)
            case .inputObject?, nil:
                fail(slot, with: internalFailure("Unknown output type \(name).", at: slot, site), site)
            }
        }
    }

    private func completeLeaf(
        _ value: Resolved, at slot: Int, _ site: FieldSite,
        _ serialize: (Value) throws(CoercionFailure) -> Value
    ) {
        guard case .value(let raw) = value else {
            let message = "Expected a leaf value for field \"\(site.fieldName)\"."
            return fail(slot, with: internalFailure(message, at: slot, site), site)
        }
        do throws(CoercionFailure) {
            tree.setLeaf(try serialize(raw), at: slot)
        } catch {
            fail(slot, with: located(GraphQLError(error.message, code: .internalError), at: slot, site), site)
        }
    }

    /// CompleteValue for objects, interfaces and unions: finds the concrete object type
    /// (ResolveAbstractType), makes the object's container and puts it on the next level.
    private func completeObject(_ value: Resolved, typeName: String, at slot: Int, _ site: FieldSite) {
        let object: Any
        var concreteName: String?
        switch value {
        case .object(let parent, let type):
            object = parent
            concreteName = type
        case .value(.object(let parent)):
            object = parent
        default:
            let message = "Expected an object for field \"\(site.fieldName)\"."
            return fail(slot, with: internalFailure(message, at: slot, site), site)
        }
        if case .object? = schema[typeName] {
            concreteName = typeName
        } else if concreteName == nil {
            concreteName = bound.objectTypeBySwiftType[ObjectIdentifier(Swift.type(of: object))] ?? nil
        }
        guard let concreteName else {
            let message = "Abstract type \"\(typeName)\" must resolve to an Object type at runtime for field \"\(site.fieldName)\". Either the \"\(typeName)\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function."
            return fail(slot, with: internalFailure(message, at: slot, site), site)
        }
        guard case .object(let concrete)? = schema[concreteName] else {
            let message = "Abstract type \"\(typeName)\" was resolved to a type \"\(concreteName)\" that does not exist inside the schema."
            return fail(slot, with: internalFailure(message, at: slot, site), site)
        }
        guard schema.isPossibleType(concreteName, of: typeName) else {
            let message = "Runtime Object type \"\(concreteName)\" is not a possible type for \"\(typeName)\"."
            return fail(slot, with: internalFailure(message, at: slot, site), site)
        }
        let plan = childPlan(of: site.plan, entry: site.entry, on: concrete)
        let container = tree.addObject(keySet: plan.keySet, nonNull: plan.keyIsNonNull, parentSlot: slot)
        enqueue(object, plan: plan, container: container)
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

extension Resolved {
    var isNull: Bool {
        switch self {
        case .null, .value(.null): true
        default: false
        }
    }

    /// The items of a list value; nil when the value is not a list.
    var items: [Resolved]? {
        switch self {
        case .list(let items): items
        case .value(.list(let values)): values.map { .value($0) }
        default: nil
        }
    }
}
