/// Whether the walk should go into a node's children, for one visitor.
public enum VisitAction: Sendable {
    /// Visit the children, then call `leave`.
    case visitChildren
    /// Skip the children and the matching `leave` call (graphql-js's `return false`).
    case skipChildren
}

/// Callbacks for each kind of node in an executable document, called in document order.
///
/// Every method has a default that does nothing, so a rule implements only the nodes it
/// cares about. `enter` methods may return `.skipChildren` to stop the walk below that node
/// for this visitor alone; the other rules still see it.
public protocol ValidationVisitor {
    mutating func enterDocument(_ document: Document)
    mutating func leaveDocument(_ document: Document)
    mutating func enterOperation(_ operation: OperationDefinition) -> VisitAction
    mutating func leaveOperation(_ operation: OperationDefinition)
    mutating func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction
    mutating func leaveVariableDefinition(_ definition: VariableDefinition)
    /// A named type in a variable's type or a fragment's type condition.
    mutating func enterNamedType(_ name: Name)
    mutating func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction
    mutating func leaveSelectionSet(_ selectionSet: SelectionSet)
    mutating func enterField(_ field: Field) -> VisitAction
    mutating func leaveField(_ field: Field)
    mutating func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction
    mutating func leaveFragmentSpread(_ spread: FragmentSpread)
    mutating func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction
    mutating func leaveInlineFragment(_ fragment: InlineFragment)
    mutating func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction
    mutating func leaveFragmentDefinition(_ fragment: FragmentDefinition)
    /// A directive; `location` is where it stands (`FIELD`, `QUERY`, …).
    mutating func enterDirective(_ directive: Directive, at location: DirectiveLocation)
        -> VisitAction
    mutating func leaveDirective(_ directive: Directive, at location: DirectiveLocation)
    mutating func enterArgument(_ argument: Argument) -> VisitAction
    mutating func leaveArgument(_ argument: Argument)
    /// Any input value: argument values, default values, list items, object field values.
    mutating func enterValue(_ value: ValueNode) -> VisitAction
    mutating func leaveValue(_ value: ValueNode)
    mutating func enterObjectField(_ field: ObjectFieldNode) -> VisitAction
    mutating func leaveObjectField(_ field: ObjectFieldNode)
    /// A type-system definition in an executable document. Its insides are not walked:
    /// `ExecutableDefinitions` rejects the document anyway.
    mutating func enterTypeSystemDefinition(_ definition: TypeSystemDefinition)
}

extension ValidationVisitor {
    public mutating func enterDocument(_ document: Document) {}
    public mutating func leaveDocument(_ document: Document) {}
    public mutating func enterOperation(_ operation: OperationDefinition) -> VisitAction {
        .visitChildren
    }
    public mutating func leaveOperation(_ operation: OperationDefinition) {}
    public mutating func enterVariableDefinition(_ definition: VariableDefinition)
        -> VisitAction
    { .visitChildren }
    public mutating func leaveVariableDefinition(_ definition: VariableDefinition) {}
    public mutating func enterNamedType(_ name: Name) {}
    public mutating func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction {
        .visitChildren
    }
    public mutating func leaveSelectionSet(_ selectionSet: SelectionSet) {}
    public mutating func enterField(_ field: Field) -> VisitAction { .visitChildren }
    public mutating func leaveField(_ field: Field) {}
    public mutating func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
        .visitChildren
    }
    public mutating func leaveFragmentSpread(_ spread: FragmentSpread) {}
    public mutating func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
        .visitChildren
    }
    public mutating func leaveInlineFragment(_ fragment: InlineFragment) {}
    public mutating func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
        .visitChildren
    }
    public mutating func leaveFragmentDefinition(_ fragment: FragmentDefinition) {}
    public mutating func enterDirective(_ directive: Directive, at location: DirectiveLocation)
        -> VisitAction
    { .visitChildren }
    public mutating func leaveDirective(_ directive: Directive, at location: DirectiveLocation) {}
    public mutating func enterArgument(_ argument: Argument) -> VisitAction { .visitChildren }
    public mutating func leaveArgument(_ argument: Argument) {}
    public mutating func enterValue(_ value: ValueNode) -> VisitAction { .visitChildren }
    public mutating func leaveValue(_ value: ValueNode) {}
    public mutating func enterObjectField(_ field: ObjectFieldNode) -> VisitAction {
        .visitChildren
    }
    public mutating func leaveObjectField(_ field: ObjectFieldNode) {}
    public mutating func enterTypeSystemDefinition(_ definition: TypeSystemDefinition) {}
}
