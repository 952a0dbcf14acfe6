/// The three meta-fields of section 4.1 that every selection may ask for without the type
/// declaring them: `__typename` everywhere, `__schema` and `__type` on the query root.
public enum MetaFields {
    /// `__typename: String!` — the name of the object type being selected.
    public static let typename = FieldDefinitionInfo(
        name: "__typename", description: "The name of the current Object type at runtime.",
        type: .nonNull(.named("String")))

    /// `__schema: __Schema!` — the schema itself, on the query root only.
    public static let schema = FieldDefinitionInfo(
        name: "__schema", description: "Access the current type schema of this server.",
        type: .nonNull(.named("__Schema")))

    /// `__type(name: String!): __Type` — one named type, on the query root only.
    public static let type = FieldDefinitionInfo(
        name: "__type", description: "Request the type information of a single type.",
        arguments: [InputValueInfo(name: "name", type: .nonNull(.named("String")))],
        type: .named("__Type"))
}

extension Schema {
    /// The definition of a field as selected on `parentType`, meta-fields included; nil when
    /// the type has no such field.
    public func fieldDefinition(_ fieldName: String, on parentType: String) -> FieldDefinitionInfo? {
        if fieldName == "__typename" {
            return self[parentType]?.isComposite == true ? MetaFields.typename : nil
        }
        if parentType == queryType {
            if fieldName == "__schema" { return MetaFields.schema }
            if fieldName == "__type" { return MetaFields.type }
        }
        return self[parentType]?.field(named: fieldName)
    }
}
