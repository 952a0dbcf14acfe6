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
    /// The kinds of node this visitor has callbacks for; the walker skips it at the others.
    static var visitedNodes: VisitedNodes { get }
    /// Before anything else in the document.
    mutating func enterDocument(_ document: Document)
    /// After everything else in the document.
    mutating func leaveDocument(_ document: Document)
    /// An operation, before its variables, directives and selections.
    mutating func enterOperation(_ operation: OperationDefinition) -> VisitAction
    /// An operation, after everything in it.
    mutating func leaveOperation(_ operation: OperationDefinition)
    /// A variable definition, before its type, default value and directives.
    mutating func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction
    /// A variable definition, after everything in it.
    mutating func leaveVariableDefinition(_ definition: VariableDefinition)
    /// A named type in a variable's type or a fragment's type condition.
    mutating func enterNamedType(_ name: Name)
    /// A selection set, before its selections.
    mutating func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction
    /// A selection set, after its selections.
    mutating func leaveSelectionSet(_ selectionSet: SelectionSet)
    /// A field, before its arguments, directives and sub-selections.
    mutating func enterField(_ field: Field) -> VisitAction
    /// A field, after everything in it.
    mutating func leaveField(_ field: Field)
    /// A fragment spread, before its directives (the fragment itself is not followed).
    mutating func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction
    /// A fragment spread, after its directives.
    mutating func leaveFragmentSpread(_ spread: FragmentSpread)
    /// An inline fragment, before its type condition, directives and selections.
    mutating func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction
    /// An inline fragment, after everything in it.
    mutating func leaveInlineFragment(_ fragment: InlineFragment)
    /// A fragment definition, before its type condition, directives and selections.
    mutating func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction
    /// A fragment definition, after everything in it.
    mutating func leaveFragmentDefinition(_ fragment: FragmentDefinition)
    /// A directive; `location` is where it stands (`FIELD`, `QUERY`, …).
    mutating func enterDirective(_ directive: Directive, at location: DirectiveLocation)
        -> VisitAction
    /// A directive, after its arguments.
    mutating func leaveDirective(_ directive: Directive, at location: DirectiveLocation)
    /// An argument, before its value.
    mutating func enterArgument(_ argument: Argument) -> VisitAction
    /// An argument, after its value.
    mutating func leaveArgument(_ argument: Argument)
    /// Any input value: argument values, default values, list items, object field values.
    mutating func enterValue(_ value: ValueNode) -> VisitAction
    /// A value, after the items or fields in it.
    mutating func leaveValue(_ value: ValueNode)
    /// One `name: value` of an input object literal, before its value.
    mutating func enterObjectField(_ field: ObjectFieldNode) -> VisitAction
    /// One `name: value` of an input object literal, after its value.
    mutating func leaveObjectField(_ field: ObjectFieldNode)
    /// A type-system definition in an executable document. Its insides are not walked:
    /// `ExecutableDefinitions` rejects the document anyway.
    mutating func enterTypeSystemDefinition(_ definition: TypeSystemDefinition)
}

extension ValidationVisitor {
    public static var visitedNodes: VisitedNodes { .all }
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
