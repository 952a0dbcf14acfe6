/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Sendable, Hashable {
    case query, mutation, subscription
}

/// OperationDefinition: Description? OperationType Name? VariablesDefinition? Directives?
/// SelectionSet, or a bare SelectionSet (a query shorthand, `isShorthand`).
public struct OperationDefinition: Sendable, Hashable {
    public let description: Description?
    public let operation: OperationType
    public let name: Name?
    public let variableDefinitions: [VariableDefinition]
    public let directives: [Directive]
    public let selectionSet: SelectionSet
    public let isShorthand: Bool
    public let location: Location

    public init(
        description: Description?, operation: OperationType, name: Name?,
        variableDefinitions: [VariableDefinition], directives: [Directive],
        selectionSet: SelectionSet, isShorthand: Bool, location: Location
    ) {
        self.description = description
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.isShorthand = isShorthand
        self.location = location
    }
}

/// VariableDefinition: Description? Variable : Type DefaultValue? Directives[Const]?
public struct VariableDefinition: Sendable, Hashable {
    public let description: Description?
    public let variable: Variable
    public let type: TypeNode
    public let defaultValue: ConstValueNode?
    public let directives: [ConstDirective]
    public let location: Location

    public init(
        description: Description?, variable: Variable, type: TypeNode,
        defaultValue: ConstValueNode?, directives: [ConstDirective], location: Location
    ) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// SelectionSet: { Selection+ }
public struct SelectionSet: Sendable, Hashable {
    public let selections: [Selection]
    public let location: Location

    public init(selections: [Selection], location: Location) {
        self.selections = selections
        self.location = location
    }
}

/// Selection: Field | FragmentSpread | InlineFragment
public enum Selection: Sendable, Hashable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var location: Location {
        switch self {
        case .field(let field): field.location
        case .fragmentSpread(let spread): spread.location
        case .inlineFragment(let fragment): fragment.location
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let field): field.directives
        case .fragmentSpread(let spread): spread.directives
        case .inlineFragment(let fragment): fragment.directives
        }
    }
}

/// Field: Alias? Name Arguments? Directives? SelectionSet?
public struct Field: Sendable, Hashable {
    public let alias: Name?
    public let name: Name
    public let arguments: [Argument]
    public let directives: [Directive]
    public let selectionSet: SelectionSet?
    public let location: Location

    public init(
        alias: Name?, name: Name, arguments: [Argument], directives: [Directive],
        selectionSet: SelectionSet?, location: Location
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }

    /// The key this field has in the response: its alias, or else its name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// FragmentSpread: ... FragmentName Directives?
public struct FragmentSpread: Sendable, Hashable {
    public let name: Name
    public let directives: [Directive]
    public let location: Location

    public init(name: Name, directives: [Directive], location: Location) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// InlineFragment: ... TypeCondition? Directives? SelectionSet
public struct InlineFragment: Sendable, Hashable {
    public let typeCondition: Name?
    public let directives: [Directive]
    public let selectionSet: SelectionSet
    public let location: Location

    public init(
        typeCondition: Name?, directives: [Directive], selectionSet: SelectionSet,
        location: Location
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// FragmentDefinition: Description? fragment FragmentName TypeCondition Directives? SelectionSet
public struct FragmentDefinition: Sendable, Hashable {
    public let description: Description?
    public let name: Name
    public let typeCondition: Name
    public let directives: [Directive]
    public let selectionSet: SelectionSet
    public let location: Location

    public init(
        description: Description?, name: Name, typeCondition: Name, directives: [Directive],
        selectionSet: SelectionSet, location: Location
    ) {
        self.description = description
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// ExecutableDefinition: OperationDefinition | FragmentDefinition
public enum ExecutableDefinition: Sendable, Hashable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)

    public var location: Location {
        switch self {
        case .operation(let operation): operation.location
        case .fragment(let fragment): fragment.location
        }
    }
}

/// A document of executable definitions only: what a client sends and the executor runs.
public struct ExecutableDocument: Sendable {
    public let definitions: [ExecutableDefinition]
    public let source: Source

    public init(definitions: [ExecutableDefinition], source: Source) {
        self.definitions = definitions
        self.source = source
    }

    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let op) = $0 { op } else { nil } }
    }

    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let fragment) = $0 { fragment } else { nil } }
    }
}
