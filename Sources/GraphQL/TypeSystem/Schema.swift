/// A complete, immutable schema: named types, directives and root operation types.
///
/// Built once (from SDL by `SchemaBuilder`) and then shared by every thread without locks.
/// The built-in scalars, the introspection types and the specified directives are always
/// present.
public struct Schema: Sendable {
    /// What the schema holds, in one shared instance: a request copies its schema several
    /// times on the way to execution (the bound resolvers, the execution, the operation), and
    /// a copy of a dozen dictionaries and arrays counted a reference for each of them.
    private final class Storage: Sendable {
        let description: String?
        let queryType: String?
        let mutationType: String?
        let subscriptionType: String?
        let types: [String: NamedType]
        let typeNames: [String]
        let directives: [String: DirectiveInfo]
        let directiveNames: [String]
        let possibleTypeIndex: [String: [String]]
        let implementationIndex: [String: [String]]
        let typeIndex: SchemaTypeIndex
        let cost: CostDirectives

        init(
            description: String?, queryType: String?, mutationType: String?,
            subscriptionType: String?, types: [NamedType], directives: [DirectiveInfo]
        ) {
            self.description = description
            self.queryType = queryType
            self.mutationType = mutationType
            self.subscriptionType = subscriptionType
            var byName: [String: NamedType] = [:]
            var names: [String] = []
            for type in types where byName[type.name] == nil {
                byName[type.name] = type
                names.append(type.name)
            }
            self.types = byName
            self.typeNames = names
            self.typeIndex = SchemaTypeIndex(types: byName, names: names, queryType: queryType)
            var directivesByName: [String: DirectiveInfo] = [:]
            var directiveNames: [String] = []
            for directive in directives where directivesByName[directive.name] == nil {
                directivesByName[directive.name] = directive
                directiveNames.append(directive.name)
            }
            self.directives = directivesByName
            self.directiveNames = directiveNames
            self.cost = CostDirectives(types: byName, directives: directivesByName)

            var possible: [String: [String]] = [:]
            var implementations: [String: [String]] = [:]
            for name in names {
                switch byName[name]! {
                case .object(let object):
                    for interface in object.interfaces {
                        possible[interface, default: []].append(name)
                        implementations[interface, default: []].append(name)
                    }
                case .interface(let interface):
                    for parent in interface.interfaces {
                        implementations[parent, default: []].append(name)
                    }
                case .union(let union):
                    possible[name] = union.members
                default:
                    break
                }
            }
            self.possibleTypeIndex = possible
            self.implementationIndex = implementations
        }
    }

    private let storage: Storage

    public var description: String? { storage.description }
    public var queryType: String? { storage.queryType }
    public var mutationType: String? { storage.mutationType }
    public var subscriptionType: String? { storage.subscriptionType }
    /// Every named type by name, built-in and introspection types included.
    public var types: [String: NamedType] { storage.types }
    /// Type names in graphql-js's type-map order: defined types in definition order, built-in
    /// types where first referenced (see `SchemaBuilder`). Printing and introspection follow it.
    public var typeNames: [String] { storage.typeNames }
    /// Every directive by name, the specified ones included.
    public var directives: [String: DirectiveInfo] { storage.directives }
    /// Directive names: defined ones in definition order, then the specified ones (as
    /// graphql-js orders them).
    public var directiveNames: [String] { storage.directiveNames }
    /// For each interface and union, its possible object types, in definition order.
    private var possibleTypeIndex: [String: [String]] { storage.possibleTypeIndex }
    /// For each interface, the objects and interfaces that implement it.
    private var implementationIndex: [String: [String]] { storage.implementationIndex }
    /// Type ids and field tables for validation (see `SchemaTypeIndex`).
    var typeIndex: SchemaTypeIndex { storage.typeIndex }
    /// The weights and list sizes its `@cost` and `@listSize` directives give, which the
    /// operation cost measure reads (`OperationLimits`).
    public var cost: CostDirectives { storage.cost }

    public init(
        description: String? = nil, queryType: String?, mutationType: String? = nil,
        subscriptionType: String? = nil, types: [NamedType], directives: [DirectiveInfo]
    ) {
        storage = Storage(
            description: description, queryType: queryType, mutationType: mutationType,
            subscriptionType: subscriptionType, types: types, directives: directives)
    }

    public subscript(typeName: String) -> NamedType? { types[typeName] }

    /// The root type for an operation, if the schema has one.
    public func rootType(for operation: OperationType) -> ObjectType? {
        let name: String?
        switch operation {
        case .query: name = queryType
        case .mutation: name = mutationType
        case .subscription: name = subscriptionType
        }
        guard let name, case .object(let object)? = types[name] else { return nil }
        return object
    }

    /// The object types a value of this abstract type can be (itself, for an object).
    public func possibleTypes(of typeName: String) -> [String] {
        if case .object? = types[typeName] { return [typeName] }
        return possibleTypeIndex[typeName] ?? []
    }

    /// The objects and interfaces that declare they implement an interface.
    public func implementations(of interfaceName: String) -> [String] {
        implementationIndex[interfaceName] ?? []
    }

    /// Whether `objectName` is a possible type of `abstractName` (or is it).
    public func isPossibleType(_ objectName: String, of abstractName: String) -> Bool {
        objectName == abstractName || possibleTypes(of: abstractName).contains(objectName)
    }

    /// Whether `sub` is `superType` or implements or belongs to it (section 3.6.1's
    /// IsSubType for named types).
    public func isSubType(_ sub: String, of superType: String) -> Bool {
        if sub == superType { return true }
        switch types[superType] {
        case .union(let union): return union.members.contains(sub)
        case .interface: return implementations(of: superType).contains(sub)
        default: return false
        }
    }

    /// Whether two composite types can have an object in common (used to check fragment
    /// spreads, section 5.5.2.3).
    public func typesOverlap(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let left = Set(possibleTypes(of: a))
        return possibleTypes(of: b).contains { left.contains($0) }
    }
}
