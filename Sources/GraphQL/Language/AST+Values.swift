/// A name token: `[_A-Za-z][_0-9A-Za-z]*`.
public struct Name: Sendable, Hashable {
    public let value: String
    public let location: Location

    public init(_ value: String, location: Location) {
        self.value = value
        self.location = location
    }
}

/// A reference to a variable: `$name`.
public struct Variable: Sendable, Hashable {
    /// The name without the `$`.
    public let name: Name
    public let location: Location

    public init(name: Name, location: Location) {
        self.name = name
        self.location = location
    }
}

/// An input value written in a document.
///
/// Generic over what may stand for a variable: `ValueNode` allows `$variables`,
/// `ConstValueNode` (in default values and type-system directives) does not, because its
/// variable case holds `Never`.
public struct GenericValueNode<VariableReference: Sendable & Hashable>: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case variable(VariableReference)
        /// The integer's source text, e.g. `-0`, checked by the lexer but not yet ranged.
        case int(String)
        /// The float's source text, e.g. `1E+5`.
        case float(String)
        /// The string's value (escapes resolved, block strings dedented).
        case string(String, isBlock: Bool)
        case boolean(Bool)
        case null
        case enumValue(String)
        case list([GenericValueNode])
        case object([GenericObjectFieldNode<VariableReference>])
    }

    public let kind: Kind
    public let location: Location

    public init(_ kind: Kind, location: Location) {
        self.kind = kind
        self.location = location
    }
}

/// One `name: value` entry of an input object literal.
public struct GenericObjectFieldNode<VariableReference: Sendable & Hashable>: Sendable, Hashable {
    public let name: Name
    public let value: GenericValueNode<VariableReference>
    public let location: Location

    public init(name: Name, value: GenericValueNode<VariableReference>, location: Location) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// A value that may contain variables (arguments in executable documents).
public typealias ValueNode = GenericValueNode<Variable>
/// A value that may not contain variables (default values, type-system directives).
public typealias ConstValueNode = GenericValueNode<Never>
public typealias ObjectFieldNode = GenericObjectFieldNode<Variable>
public typealias ConstObjectFieldNode = GenericObjectFieldNode<Never>

extension GenericValueNode where VariableReference == Never {
    /// The same constant, seen as a value that could have held variables.
    public var withVariables: ValueNode {
        let converted: ValueNode.Kind
        switch kind {
        case .int(let text): converted = .int(text)
        case .float(let text): converted = .float(text)
        case .string(let text, let isBlock): converted = .string(text, isBlock: isBlock)
        case .boolean(let flag): converted = .boolean(flag)
        case .null: converted = .null
        case .enumValue(let name): converted = .enumValue(name)
        case .list(let items): converted = .list(items.map(\.withVariables))
        case .object(let fields):
            converted = .object(fields.map {
                ObjectFieldNode(name: $0.name, value: $0.value.withVariables, location: $0.location)
            })
        }
        return ValueNode(converted, location: location)
    }
}

/// `name: value` in an argument list.
public struct GenericArgument<VariableReference: Sendable & Hashable>: Sendable, Hashable {
    public let name: Name
    public let value: GenericValueNode<VariableReference>
    public let location: Location

    public init(name: Name, value: GenericValueNode<VariableReference>, location: Location) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// `@name(arguments)`.
public struct GenericDirective<VariableReference: Sendable & Hashable>: Sendable, Hashable {
    public let name: Name
    public let arguments: [GenericArgument<VariableReference>]
    public let location: Location

    public init(name: Name, arguments: [GenericArgument<VariableReference>], location: Location) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}

public typealias Argument = GenericArgument<Variable>
public typealias ConstArgument = GenericArgument<Never>
public typealias Directive = GenericDirective<Variable>
public typealias ConstDirective = GenericDirective<Never>

/// A type reference: `Name`, `[Type]`, `Type!`.
///
/// Only the wrapping cases are `indirect`: a named type, the most common reference, is
/// stored inline instead of in a heap box of its own.
public enum TypeNode: Sendable, Hashable {
    case named(Name)
    indirect case list(TypeNode, location: Location)
    indirect case nonNull(TypeNode, location: Location)

    public var location: Location {
        switch self {
        case .named(let name): name.location
        case .list(_, let location), .nonNull(_, let location): location
        }
    }

    /// The named type at the bottom of the wrappers.
    public var namedType: Name {
        switch self {
        case .named(let name): name
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }
}

/// A description: a string or block string before a definition.
public struct Description: Sendable, Hashable {
    public let value: String
    public let isBlock: Bool
    public let location: Location

    public init(value: String, isBlock: Bool, location: Location) {
        self.value = value
        self.isBlock = isBlock
        self.location = location
    }
}

extension GenericValueNode where VariableReference == Variable {
    /// Whether a `$variable` appears anywhere in the value: without one, the value coerces
    /// the same way for every request.
    public var containsVariable: Bool {
        switch kind {
        case .variable: true
        case .int, .float, .string, .boolean, .null, .enumValue: false
        case .list(let items): items.contains { $0.containsVariable }
        case .object(let fields): fields.contains { $0.value.containsVariable }
        }
    }
}
