/// The parents the introspection types' resolvers read (section 4.2): small views of the
/// schema model, made as the introspection query walks it.

/// A `__Schema` object.
struct SchemaIntrospection: OutputObject {
    let schema: Schema
}

/// A `__Type` object: a named type, or a list or non-null wrapper around one.
struct TypeIntrospection: OutputObject {
    let schema: Schema
    let type: TypeReference

    /// The named type, when the reference is one.
    var named: NamedType? {
        if case .named(let name) = type { return schema[name] }
        return nil
    }

    /// `__type(name:)`: the named type, or null when the schema has no such type.
    static func named(_ name: String, in schema: Schema) -> Resolved {
        guard schema[name] != nil else { return .null }
        return .object(TypeIntrospection(schema: schema, type: .named(name)), type: "__Type")
    }
}

/// A `__Field` object.
struct FieldIntrospection: OutputObject {
    let schema: Schema
    let field: FieldDefinitionInfo
}

/// An `__InputValue` object: an argument or an input object field.
struct InputValueIntrospection: OutputObject {
    let schema: Schema
    let value: InputValueInfo
}

/// An `__EnumValue` object.
struct EnumValueIntrospection: OutputObject {
    let value: EnumValueInfo
}

/// A `__Directive` object.
struct DirectiveIntrospection: OutputObject {
    let schema: Schema
    let directive: DirectiveInfo
}

extension Array where Element == InputValueInfo {
    /// The input values introspection shows: deprecated ones only when asked for.
    func visible(_ arguments: Arguments, in schema: Schema) -> [InputValueIntrospection] {
        let all = arguments.bool("includeDeprecated") ?? false
        return filter { all || $0.deprecationReason == nil }.map {
            InputValueIntrospection(schema: schema, value: $0)
        }
    }
}
