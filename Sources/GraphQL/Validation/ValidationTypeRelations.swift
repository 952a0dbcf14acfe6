extension Schema {
    /// Whether a value of type `sub` may be used where `superType` is expected (section
    /// 3.6.1's IsSubType lifted through list and non-null wrappers, graphql-js's
    /// `isTypeSubTypeOf`): a non-null type fits its nullable form, and an object fits an
    /// interface or union it belongs to.
    func validationIsTypeSubType(_ sub: TypeReference, of superType: TypeReference) -> Bool {
        if sub == superType { return true }
        switch (sub, superType) {
        case (.nonNull(let subInner), .nonNull(let superInner)):
            return validationIsTypeSubType(subInner, of: superInner)
        case (_, .nonNull):
            return false
        case (.nonNull(let subInner), _):
            return validationIsTypeSubType(subInner, of: superType)
        case (.list(let subInner), .list(let superInner)):
            return validationIsTypeSubType(subInner, of: superInner)
        case (_, .list), (.list, _):
            return false
        case (.named(let subName), .named(let superName)):
            switch (self[subName], self[superName]) {
            case (.object?, .interface?), (.object?, .union?), (.interface?, .interface?),
                (.interface?, .union?):
                return isSubType(subName, of: superName)
            default:
                return false
            }
        }
    }
}
