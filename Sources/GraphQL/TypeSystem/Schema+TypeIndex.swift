/// Per-schema tables for validation's hot paths: every named type gets an integer id and an
/// entry with its kind and its fields (meta-fields included), and every field its resolved
/// output type, so that entering a field costs one hash of its name instead of two lookups
/// by name and copies of the types' values.
///
/// Built once with the schema and shared, like the schema, by every thread.
final class SchemaTypeIndex: Sendable {
    /// Type ids by name.
    let ids: [String: Int]
    /// Entries by id.
    let entries: [TypeEntry]

    init(types: [String: NamedType], names: [String], queryType: String?) {
        var ids: [String: Int] = [:]
        for (id, name) in names.enumerated() { ids[name] = id }
        self.ids = ids
        self.entries = names.enumerated().map { id, name in
            TypeEntry(
                id: id, type: types[name]!, isQueryRoot: name == queryType, ids: ids,
                types: types)
        }
    }

    /// The entry of a named type, when the schema has it.
    subscript(name: String) -> TypeEntry? {
        guard let id = ids[name] else { return nil }
        return entries[id]
    }
}

/// One named type of a `SchemaTypeIndex`.
final class TypeEntry: Sendable {
    let id: Int
    let name: String
    let isComposite: Bool
    let isLeaf: Bool
    let isObject: Bool
    let isOutputType: Bool
    /// The fields a selection on this type may ask for, by name: its own (the first of a
    /// duplicated name) and the meta-fields (`__typename` on composite types, `__schema` and
    /// `__type` on the query root), as `Schema.fieldDefinition(_:on:)` finds them.
    let fields: [String: FieldEntry]
    /// `fields` again, in a table built for fast lookups (see `FieldTable`).
    let fieldTable: FieldTable
    /// Declared fields hidden in `fields` by a meta-field of the same name (only in a schema
    /// that breaks the rule reserving `__` names); normally empty.
    private let shadowedFields: [String: FieldEntry]

    init(id: Int, type: NamedType, isQueryRoot: Bool, ids: [String: Int], types: [String: NamedType]) {
        self.id = id
        self.name = type.name
        self.isComposite = type.isComposite
        self.isLeaf = type.isLeaf
        if case .object = type { self.isObject = true } else { self.isObject = false }
        self.isOutputType = type.isOutputType
        var fields: [String: FieldEntry] = [:]
        for definition in type.fields ?? [] where fields[definition.name] == nil {
            fields[definition.name] = FieldEntry(definition, ids: ids, types: types)
        }
        var shadowed: [String: FieldEntry] = [:]
        for name in ["__typename", "__schema", "__type"] { shadowed[name] = fields[name] }
        if type.isComposite {
            fields["__typename"] = FieldEntry(MetaFields.typename, isMetaField: true, ids: ids, types: types)
        }
        if isQueryRoot {
            fields["__schema"] = FieldEntry(MetaFields.schema, isMetaField: true, ids: ids, types: types)
            fields["__type"] = FieldEntry(MetaFields.type, isMetaField: true, ids: ids, types: types)
        }
        self.fields = fields
        self.fieldTable = FieldTable(fields)
        self.shadowedFields = shadowed
    }

    /// A field the type itself declares (meta-fields excluded), as `NamedType.field(named:)`
    /// finds it.
    func declaredField(_ name: String) -> FieldEntry? {
        guard let entry = fieldTable[name] else { return nil }
        if !entry.isMetaField { return entry }
        return shadowedFields.isEmpty ? nil : shadowedFields[name]
    }
}

/// One field of a `TypeEntry`, with what validation asks of it resolved in advance.
final class FieldEntry: Sendable {
    let definition: FieldDefinitionInfo
    /// The field's type when it names an output type of the schema; nil otherwise.
    let outputType: TypeReference?
    /// The id of `outputType`'s named type, or -1 when there is no `outputType`.
    let namedTypeID: Int
    /// Whether `outputType`'s named type is an object, interface or union.
    let isComposite: Bool
    /// Whether the field's named type is a scalar or enum of the schema.
    let isLeaf: Bool
    /// The arguments that must be given: non-null without a default.
    let requiredArguments: [InputValueInfo]
    /// Whether this is `__typename`, `__schema` or `__type`, which the type does not declare.
    let isMetaField: Bool

    init(
        _ definition: FieldDefinitionInfo, isMetaField: Bool = false, ids: [String: Int],
        types: [String: NamedType]
    ) {
        self.definition = definition
        self.isMetaField = isMetaField
        let name = definition.type.namedType
        if let named = types[name], named.isOutputType, let id = ids[name] {
            outputType = definition.type
            namedTypeID = id
            isComposite = named.isComposite
        } else {
            outputType = nil
            namedTypeID = -1
            isComposite = false
        }
        isLeaf = types[name]?.isLeaf == true
        requiredArguments = definition.arguments.filter(\.isRequired)
    }
}

/// Fields by name in an open-addressing table probed by an FNV-1a hash of the name's bytes:
/// a lookup costs one pass over a short name, where `Dictionary<String, _>` runs a seeded
/// hash over the normalized string. The table is built once from the schema; at most half
/// its slots are used, so a name that is not in it stops at an empty slot.
struct FieldTable: Sendable {
    private let names: [String]
    private let entries: [FieldEntry?]
    private let mask: Int

    init(_ fields: [String: FieldEntry]) {
        var capacity = 4
        while capacity < fields.count * 2 { capacity *= 2 }
        var names = Array(repeating: "", count: capacity)
        var entries = [FieldEntry?](repeating: nil, count: capacity)
        for (name, entry) in fields {
            var slot = Self.hash(name) & (capacity - 1)
            while entries[slot] != nil { slot = (slot + 1) & (capacity - 1) }
            names[slot] = name
            entries[slot] = entry
        }
        self.names = names
        self.entries = entries
        self.mask = capacity - 1
    }

    subscript(name: String) -> FieldEntry? {
        var slot = Self.hash(name) & mask
        while let entry = entries[slot] {
            if names[slot] == name { return entry }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func hash(_ name: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
