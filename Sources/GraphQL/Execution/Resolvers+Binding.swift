/// The resolver map and the schema disagree; lists every mismatch at once so the server
/// can refuse to start with one message.
public struct BindingError: Error, Sendable, CustomStringConvertible {
    /// `"Type.field"` of every object field with neither a resolver nor a default.
    public let missing: [String]
    /// `"Type.field"` of every resolver whose field the schema does not have.
    public let extra: [String]
    /// Other mistakes: a resolver registered twice, a scalar that is not a custom scalar.
    public let problems: [String]
    /// Resolvers that read (or do not say they read) arguments other than their field's:
    /// `"Type.field …"`, one sentence each.
    public let arguments: [String]

    public init(missing: [String], extra: [String], problems: [String], arguments: [String] = []) {
        self.missing = missing
        self.extra = extra
        self.problems = problems
        self.arguments = arguments
    }

    public var description: String {
        var lines = ["Resolvers do not match the schema:"]
        lines += missing.map { "  no resolver for \($0)" }
        lines += extra.map { "  resolver for \($0), which the schema does not have" }
        lines += arguments.map { "  resolver for \($0)" }
        lines += problems.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// A schema with every object field bound to a resolver: what the executor runs.
///
/// Built once at start by `Resolvers.bind(to:)` and shared by every thread.
public struct BoundSchema<Context>: Sendable {
    /// The schema, with the application's scalar coercions attached.
    public let schema: Schema
    /// Resolvers by object type name, then field name.
    let resolvers: [String: [String: FieldResolver]]
    /// The object type registered for each Swift parent type; nil when several were.
    let objectTypeBySwiftType: [ObjectIdentifier: String?]
    /// Tells this binding from others, whose resolvers a document's plans must not mix in.
    let identity = BindingIdentity()
}

extension Resolvers {
    /// Checks the resolvers against the schema and binds them: every field of every object
    /// type must have a resolver (or belong to a `valueType`), and every resolver a field.
    ///
    /// Introspection types (`__Schema`, `__Type`, …) are resolved by the engine itself.
    public func bind(to schema: Schema) throws(BindingError) -> BoundSchema<Context> {
        var byType: [String: [String: FieldResolver]] = [:]
        var problems: [String] = []
        var extra: [String] = []
        // A schema made by hand may lack the introspection types; then it gets no resolvers
        // for them either.
        let all =
            registrations
            + IntrospectionResolvers.registrations.filter { schema[Self.split($0.key).0] != nil }

        var arguments: [String] = []
        for registration in all {
            let key = registration.key
            let (typeName, fieldName) = Self.split(key)
            guard case .object(let object)? = schema[typeName],
                let field = object.field(named: fieldName)
            else {
                extra.append(key)
                continue
            }
            if byType[typeName]?[fieldName] != nil {
                problems.append("resolver for \(key) registered twice")
            }
            byType[typeName, default: [:]][fieldName] = registration.resolver
            arguments += Self.argumentMismatches(registration, field)
        }
        for name in valueTypes {
            guard case .object(let object)? = schema[name] else {
                problems.append("valueType \(name) is not an object type of the schema")
                continue
            }
            for field in object.fields where byType[name]?[field.name] == nil {
                byType[name, default: [:]][field.name] = .valueKey(field.name)
            }
        }
        var missing: [String] = []
        for name in schema.typeNames {
            guard case .object(let object)? = schema[name] else { continue }
            for field in object.fields where byType[name]?[field.name] == nil {
                missing.append("\(name).\(field.name)")
            }
        }
        let (bound, unknownScalars) = schema.attaching(scalarCoercions: scalarCoercions)
        problems += unknownScalars.map { "scalar \($0) is not a custom scalar of the schema" }
        guard missing.isEmpty, extra.isEmpty, problems.isEmpty, arguments.isEmpty else {
            throw BindingError(missing: missing, extra: extra, problems: problems, arguments: arguments)
        }
        var bySwiftType: [ObjectIdentifier: String?] = [:]
        for (swiftType, typeName) in parentTypes {
            if let known = bySwiftType[swiftType], known != typeName {
                bySwiftType[swiftType] = .some(nil)
            } else {
                bySwiftType[swiftType] = typeName
            }
        }
        return BoundSchema(
            schema: bound, resolvers: byType, objectTypeBySwiftType: bySwiftType)
    }

    /// What is wrong with the arguments a resolver says it reads: a name the field does not
    /// declare, or no word at all from the resolver of a field that takes arguments.
    static func argumentMismatches(_ registration: FieldRegistration, _ field: FieldDefinitionInfo) -> [String] {
        let declared = field.arguments.map(\.name)
        guard let reads = registration.reads else {
            if declared.isEmpty { return [] }
            return ["\(registration.key), whose field takes arguments (\(declared.joined(separator: ", "))), does not say which it reads (reading: […])"]
        }
        let has = declared.isEmpty ? "it has none" : "it has " + declared.joined(separator: ", ")
        return reads.filter { !declared.contains($0) }.map {
            "\(registration.key) reads the argument \"\($0)\", which the schema does not declare (\(has))"
        }
    }

    static func split(_ key: String) -> (String, String) {
        guard let dot = key.firstIndex(of: ".") else { return (key, "") }
        return (String(key[..<dot]), String(key[key.index(after: dot)...]))
    }
}
