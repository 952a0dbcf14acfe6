/// A field's output type, resolved against the schema once per plan entry, so that
/// completing each value needs no lookup by name.
indirect enum OutputShape: Sendable {
    case nonNull(OutputShape)
    case list(OutputShape)
    /// A built-in scalar: `String`, `Int`, `Float`, `Boolean` or `ID`.
    case builtInScalar(BuiltInScalars.Kind)
    /// A custom scalar, with the application's serializer when it attached one.
    case customScalar(ScalarCoercion?)
    case enumeration(EnumType)
    /// An object type, by name (its plan is cached, so the type itself is rarely needed).
    case object(String)
    /// An interface or union, by name.
    case abstract(String)
    /// A name the schema does not have as an output type.
    case unknown(String)

    init(_ type: TypeReference, in schema: Schema) {
        switch type {
        case .nonNull(let inner): self = .nonNull(OutputShape(inner, in: schema))
        case .list(let inner): self = .list(OutputShape(inner, in: schema))
        case .named(let name):
            switch schema[name] {
            case .scalar(let scalar)?:
                if scalar.coercion == nil, let kind = BuiltInScalars.Kind(name: name) {
                    self = .builtInScalar(kind)
                } else {
                    self = .customScalar(scalar.coercion)
                }
            case .enumeration(let enumeration)?: self = .enumeration(enumeration)
            case .object?: self = .object(name)
            case .interface?, .union?: self = .abstract(name)
            case .inputObject?, nil: self = .unknown(name)
            }
        }
    }

    /// The shape without its outer non-null wrapper.
    var nullable: OutputShape {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// Whether values of this shape are objects (or lists of them), which have a selection.
    var hasSelection: Bool {
        switch self {
        case .nonNull(let inner), .list(let inner): return inner.hasSelection
        case .object, .abstract: return true
        case .builtInScalar, .customScalar, .enumeration, .unknown: return false
        }
    }

    /// Whether values of this shape are objects of one object type (null or not).
    var isObject: Bool {
        if case .object = nullable { return true }
        return false
    }

    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }
}
