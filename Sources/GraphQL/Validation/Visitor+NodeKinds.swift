/// The kinds of node a visitor has callbacks for, so that the walker calls each visitor only
/// at the nodes it handles.
///
/// A visitor that leaves `visitedNodes` at its default (`.all`) is called at every node, as
/// before; naming fewer kinds only saves the calls to the do-nothing defaults, whose cost,
/// with two dozen rules at every node, was a large part of a validation walk.
public struct VisitedNodes: OptionSet, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `enterDocument` and `leaveDocument`.
    public static let document = VisitedNodes(rawValue: 1 << 0)
    /// `enterOperation` and `leaveOperation`.
    public static let operation = VisitedNodes(rawValue: 1 << 1)
    /// `enterVariableDefinition` and `leaveVariableDefinition`.
    public static let variableDefinition = VisitedNodes(rawValue: 1 << 2)
    /// `enterNamedType`.
    public static let namedType = VisitedNodes(rawValue: 1 << 3)
    /// `enterSelectionSet` and `leaveSelectionSet`.
    public static let selectionSet = VisitedNodes(rawValue: 1 << 4)
    /// `enterField` and `leaveField`.
    public static let field = VisitedNodes(rawValue: 1 << 5)
    /// `enterFragmentSpread` and `leaveFragmentSpread`.
    public static let fragmentSpread = VisitedNodes(rawValue: 1 << 6)
    /// `enterInlineFragment` and `leaveInlineFragment`.
    public static let inlineFragment = VisitedNodes(rawValue: 1 << 7)
    /// `enterFragmentDefinition` and `leaveFragmentDefinition`.
    public static let fragmentDefinition = VisitedNodes(rawValue: 1 << 8)
    /// `enterDirective` and `leaveDirective`.
    public static let directive = VisitedNodes(rawValue: 1 << 9)
    /// `enterArgument` and `leaveArgument`.
    public static let argument = VisitedNodes(rawValue: 1 << 10)
    /// `enterValue` and `leaveValue`.
    public static let value = VisitedNodes(rawValue: 1 << 11)
    /// `enterObjectField` and `leaveObjectField`.
    public static let objectField = VisitedNodes(rawValue: 1 << 12)
    /// `enterTypeSystemDefinition`.
    public static let typeSystemDefinition = VisitedNodes(rawValue: 1 << 13)

    /// Every kind: the default.
    public static let all = VisitedNodes(rawValue: (1 << 14) - 1)

    /// How many kinds there are (bits `0..<count`).
    static let count = 14
}
