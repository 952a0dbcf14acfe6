/// The application's resolvers, registered per object type and field (`"Type.field"`), and
/// checked against the schema by `bind(to:)`.
///
/// Resolvers are plain closures over the application's own Swift values: a per-object
/// resolver `(parent, arguments, context) -> output`, or a batch resolver
/// `([parent], arguments, context) -> [output]` that the executor calls once per field per
/// level of the response, whatever the length of the lists above it.
///
/// ```swift
/// struct Recipe: OutputObject { let id: String; let name: String; let authorID: String }
///
/// var resolvers = Resolvers<RequestContext>()
/// resolvers.type("Query") { query in
///     query.field("recipe", reading: ["id"]) { arguments, context in   // returns Recipe?
///         try context.recipes.find(id: arguments.string("id") ?? "")
///     }
/// }
/// resolvers.type("Recipe", parent: Recipe.self) { recipe in
///     recipe.property("id") { $0.id }                      // a same-named property
///     recipe.property("name") { $0.name }
///     recipe.batch("author") { recipes, _, context in      // one call per level
///         try context.users.find(ids: recipes.map { $0.authorID })   // [User?], in order
///     }
/// }
/// let bound = try resolvers.bind(to: schema)               // every mismatch at once
/// let result = bound.execute(document, variables: variables, context: context)
/// let body: [UInt8] = result.jsonBytes()
/// ```
public struct Resolvers<Context>: Sendable {
    /// Every registered resolver by `"Type.field"`, in registration order.
    var registrations: [FieldRegistration] = []
    /// The Swift type registered for each object type, and the class of its values' boxes.
    var parentTypes: [(swiftType: ObjectIdentifier, typeName: String)] = []
    /// Object types whose parents are `ObjectValue`s that serve every field by default.
    var valueTypes: [String] = []
    /// Coercions the application attaches to custom scalars.
    var scalarCoercions: [(name: String, coercion: ScalarCoercion)] = []

    public init() {}

    /// Registers the resolvers of the object type `name`, whose parents are `Parent` values.
    ///
    /// Registering a Swift type lets the executor find the concrete object type of a value
    /// returned for an interface or union without the resolver naming it.
    public mutating func type<Parent>(
        _ name: String, parent: Parent.Type,
        _ register: (inout ObjectResolvers<Parent, Context>) -> Void
    ) {
        var resolvers = ObjectResolvers<Parent, Context>(typeName: name)
        register(&resolvers)
        registrations += resolvers.registrations
        parentTypes.append((ObjectIdentifier(Parent.self), name))
        parentTypes.append((ObjectIdentifier(ObjectBox<Parent>.self), name))
    }

    /// Registers the resolvers of a root type (or any type whose parent carries nothing).
    public mutating func type(
        _ name: String, _ register: (inout ObjectResolvers<Void, Context>) -> Void
    ) {
        var resolvers = ObjectResolvers<Void, Context>(typeName: name)
        register(&resolvers)
        registrations += resolvers.registrations
    }

    /// Declares that the parents of object type `name` are `ObjectValue`s whose same-named
    /// keys serve every field without an explicit resolver (a missing key reads as null).
    public mutating func valueType(_ name: String) {
        valueTypes.append(name)
    }

    /// Attaches input and output coercion to a custom scalar of the schema.
    public mutating func scalar(_ name: String, _ coercion: ScalarCoercion) {
        scalarCoercions.append((name, coercion))
    }
}

/// The resolvers of one object type, registered inside `Resolvers.type`.
public struct ObjectResolvers<Parent, Context> {
    /// The object type these resolvers serve.
    public let typeName: String
    @usableFromInline var registrations: [FieldRegistration] = []

    init(typeName: String) {
        self.typeName = typeName
    }

    /// A per-object resolver: called once for each parent.
    ///
    /// Inlinable, like the other registrations, so that the casts and the conversion of
    /// the output are specialized for the application's own types.
    ///
    /// `reading` names the arguments the resolver reads (every field with arguments must
    /// say, `[]` for none): `bind(to:)` refuses a name the schema does not declare, and the
    /// resolver's `Arguments` answer only these names.
    @inlinable
    public mutating func field<Output: OutputConvertible>(
        _ name: String, reading: [String]? = nil,
        _ resolve: @escaping @Sendable (Parent, Arguments, Context) throws -> Output
    ) {
        let key = "\(typeName).\(name)"
        add(name, reading: reading, .each { parent, arguments, context in
            let resolved = try withUnboxed(parent, as: Parent.self) { parentValue in
                try withUnboxed(context, as: Context.self) { contextValue in
                    try resolve(parentValue, arguments.reading(reading), contextValue).resolved
                }
            }
            // The outer optional is nil for a parent of another type, the inner one for a
            // context of another type.
            guard let resolved else {
                throw ResolverInputMismatch(field: key, expected: "\(Parent.self)", got: parent)
            }
            guard let resolved else {
                throw ResolverInputMismatch(field: key, expected: "\(Context.self)", got: context)
            }
            return resolved
        })
    }

    /// A batch resolver: called once with every parent of a level, it returns one output
    /// per parent, in the same order (a `Resolved.error` fails one position only).
    /// `reading`: as for `field`.
    @inlinable
    public mutating func batch<Output: OutputConvertible>(
        _ name: String, reading: [String]? = nil,
        _ resolve: @escaping @Sendable ([Parent], Arguments, Context) throws -> [Output]
    ) {
        batch(name, reading: reading, by: { $0 }, resolve)
    }

    /// A batch resolver that needs one thing of each parent, such as its id: `key` reads it
    /// from each parent where the executor holds it, and `resolve` gets the keys, in the
    /// parents' order, and returns one output for each. Nothing of the parents is copied,
    /// where `batch(_:reading:_:)` copies every parent (every string of it counted once
    /// more) for each field of each level. `reading`: as for `field`.
    @inlinable
    public mutating func batch<Key, Output: OutputConvertible>(
        _ name: String, reading: [String]? = nil, by key: @escaping @Sendable (Parent) -> Key,
        _ resolve: @escaping @Sendable ([Key], Arguments, Context) throws -> [Output]
    ) {
        let field = "\(typeName).\(name)"
        add(name, reading: reading, .batch { parents, arguments, context in
            var keys: [Key] = []
            keys.reserveCapacity(parents.count)
            for parent in parents {
                guard let read = withUnboxed(parent, as: Parent.self, key) else {
                    throw ResolverInputMismatch(field: field, expected: "\(Parent.self)", got: parent)
                }
                keys.append(read)
            }
            let outputs = try withUnboxed(context, as: Context.self) { contextValue in
                try resolve(keys, arguments.reading(reading), contextValue)
            }
            guard let outputs else {
                throw ResolverInputMismatch(field: field, expected: "\(Context.self)", got: context)
            }
            return outputs.map { $0.resolved }
        })
    }

    /// A field read straight from the parent, like a same-named property.
    @inlinable
    public mutating func property<Output: OutputConvertible>(
        _ name: String, _ read: @escaping @Sendable (Parent) -> Output
    ) {
        let key = "\(typeName).\(name)"
        add(name, .each { parent, _, _ in
            // The field is read in place, without copying the parent out of its box.
            guard let resolved = withUnboxed(parent, as: Parent.self, { read($0).resolved }) else {
                throw ResolverInputMismatch(field: key, expected: "\(Parent.self)", got: parent)
            }
            return resolved
        })
    }

    @usableFromInline
    mutating func add(_ name: String, reading: [String]? = nil, _ resolver: FieldResolver) {
        registrations.append(FieldRegistration(key: "\(typeName).\(name)", resolver: resolver, reads: reading))
    }
}

extension ObjectResolvers where Parent == Void {
    /// A per-object resolver of a root type: it needs only the arguments and the context.
    /// `reading`: as for the other `field`.
    @inlinable
    public mutating func field<Output: OutputConvertible>(
        _ name: String, reading: [String]? = nil,
        _ resolve: @escaping @Sendable (Arguments, Context) throws -> Output
    ) {
        let key = "\(typeName).\(name)"
        add(name, reading: reading, .each { _, arguments, context in
            let resolved = try withUnboxed(context, as: Context.self) { contextValue in
                try resolve(arguments.reading(reading), contextValue).resolved
            }
            guard let resolved else {
                throw ResolverInputMismatch(field: key, expected: "\(Context.self)", got: context)
            }
            return resolved
        })
    }
}

/// One registered resolver: its `"Type.field"`, how to call it, and the arguments it says
/// it reads (nil when it said nothing).
@usableFromInline
struct FieldRegistration: Sendable {
    let key: String
    let resolver: FieldResolver
    let reads: [String]?

    @usableFromInline
    init(key: String, resolver: FieldResolver, reads: [String]?) {
        self.key = key
        self.resolver = resolver
        self.reads = reads
    }
}

/// How the executor calls one field's resolver, with the Swift types erased.
@usableFromInline
enum FieldResolver: Sendable {
    /// `(parent, arguments, context)`: the parent and the context as the executor boxes them.
    case each(@Sendable (AnyObject, Arguments, AnyObject) throws -> Resolved)
    case batch(@Sendable ([AnyObject], Arguments, AnyObject) throws -> [Resolved])
    /// Reads the same-named key of an `ObjectValue` parent.
    case valueKey(String)
}

/// A resolver received a parent or context of another Swift type than it was registered
/// for: a bug in the application, reported as an internal error.
@usableFromInline
struct ResolverInputMismatch: Error, CustomStringConvertible {
    let field: String
    let expected: String
    let given: String

    @usableFromInline
    init(field: String, expected: String, got object: AnyObject) {
        self.field = field
        self.expected = expected
        self.given = "\(type(of: anyValue(of: object)))"
    }

    @usableFromInline
    var description: String { "resolver \(field) expected \(expected) but was given \(given)" }
}
