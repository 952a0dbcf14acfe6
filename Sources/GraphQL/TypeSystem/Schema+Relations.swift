/// How types relate: input/output kinds of wrapped references and the subtype relation of
/// section 3 (IsSubType, with lists and non-null), used by interface validation and by
/// `VariablesInAllowedPosition`.
extension Schema {
    /// The named type at the bottom of a reference, when the schema has it.
    public func namedType(of type: TypeReference) -> NamedType? {
        self[type.namedType]
    }

    /// The named type at the bottom of a reference when it is an input type (scalar, enum
    /// or input object); nil otherwise.
    public func inputType(of type: TypeReference) -> NamedType? {
        guard let named = self[type.namedType], named.isInputType else { return nil }
        return named
    }

    /// The named type at the bottom of a reference when it is an output type (anything but
    /// an input object); nil otherwise.
    public func outputType(of type: TypeReference) -> NamedType? {
        guard let named = self[type.namedType], named.isOutputType else { return nil }
        return named
    }

    /// Whether a (possibly wrapped) reference names an input type of this schema.
    public func isInputType(_ type: TypeReference) -> Bool { inputType(of: type) != nil }

    /// Whether a (possibly wrapped) reference names an output type of this schema.
    public func isOutputType(_ type: TypeReference) -> Bool { outputType(of: type) != nil }

    /// Whether two references are the same type: same wrappers around the same name.
    public func areTypesEqual(_ a: TypeReference, _ b: TypeReference) -> Bool { a == b }

    /// Whether a value of `maybeSubType` may stand where `superType` is expected: non-null
    /// may stand for nullable, lists must match lists item by item, and an object or
    /// interface may stand for an interface it implements or a union it belongs to.
    public func isTypeSubTypeOf(maybeSubType: TypeReference, superType: TypeReference) -> Bool {
        if maybeSubType == superType { return true }
        switch (maybeSubType, superType) {
        case (.nonNull(let sub), .nonNull(let sup)):
            return isTypeSubTypeOf(maybeSubType: sub, superType: sup)
        case (_, .nonNull):
            return false
        case (.nonNull(let sub), _):
            return isTypeSubTypeOf(maybeSubType: sub, superType: superType)
        case (.list(let sub), .list(let sup)):
            return isTypeSubTypeOf(maybeSubType: sub, superType: sup)
        case (_, .list), (.list, _):
            return false
        case (.named(let sub), .named(let sup)):
            return isAbstractSubType(sub, of: sup)
        }
    }

    /// Whether `sub` (an object or interface) belongs to the union or implements the
    /// interface `abstract`.
    private func isAbstractSubType(_ sub: String, of abstract: String) -> Bool {
        switch self[sub] {
        case .object?, .interface?: break
        default: return false
        }
        switch self[abstract] {
        case .union(let union)?: return union.members.contains(sub)
        case .interface?: return implementations(of: abstract).contains(sub)
        default: return false
        }
    }
}

extension InputValueInfo {
    /// Whether the argument or input field must be given: non-null without a default
    /// (graphql-js's `isRequiredArgument` / `isRequiredInputField`).
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}
