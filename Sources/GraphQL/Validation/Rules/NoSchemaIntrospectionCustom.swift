/// Not a spec rule and not run by default: graphql-js's `NoSchemaIntrospectionCustomRule`.
/// Refuses any field whose type is an introspection type (`__schema`, `__type` and whatever
/// selects `__Type`, `__Field`, …), for servers that turn introspection off in production.
/// `__typename` is still allowed.
struct NoSchemaIntrospectionCustomRule: ValidationRule {
    static let name = "NoSchemaIntrospectionCustomRule"
    static let visitedNodes: VisitedNodes = .field
    /// The introspection types of section 4.5.
    static let introspectionTypes: Set<String> = [
        "__Schema", "__Directive", "__DirectiveLocation", "__Type", "__Field", "__InputValue",
        "__EnumValue", "__TypeKind",
    ]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterField(_ field: Field) -> VisitAction {
        if let type = context.typeInfo.type, Self.introspectionTypes.contains(type.namedType) {
            context.report(Self.introspectionDisabled(field.name.value), at: [field.location])
        }
        return .visitChildren
    }

    static func introspectionDisabled(_ field: String) -> String {
        "GraphQL introspection has been disabled, but the requested query contained the field"
            + " \"\(field)\"."
    }
}
