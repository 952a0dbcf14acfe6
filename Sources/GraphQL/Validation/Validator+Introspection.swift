extension Validator {
    /// The specified rules, plus graphql-js's `NoSchemaIntrospectionCustomRule` when a server
    /// turns introspection off (`__typename` stays allowed).
    public static func rules(allowingIntrospection: Bool) -> [any ValidationRule.Type] {
        allowingIntrospection ? specifiedRules : specifiedRules + [NoSchemaIntrospectionCustomRule.self]
    }
}
