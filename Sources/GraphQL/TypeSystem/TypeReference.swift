/// A reference to a type in the schema: a named type, or a list or non-null wrapper.
///
/// Named types are referred to by name and looked up in the `Schema`, which keeps the schema
/// a tree of plain values (recursive types need no cycles of references).
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    case list(TypeReference)
    case nonNull(TypeReference)

    /// The name at the bottom of the wrappers.
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// Whether the type is a list, non-null or not.
    public var isList: Bool {
        if case .list = nullable { return true }
        return false
    }

    /// The type without its outer non-null wrapper, if it has one.
    public var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The type as SDL writes it: `[String!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }

    /// The reference a type node in a document spells.
    public init(_ node: TypeNode) {
        switch node {
        case .named(let name): self = .named(name.value)
        case .list(let inner, _): self = .list(TypeReference(inner))
        case .nonNull(let inner, _): self = .nonNull(TypeReference(inner))
        }
    }
}
