/// Fragment Spread Target Defined (section 5.5.2.1): "For every namedSpread in the document,
/// let fragment be the target of namedSpread. fragment must be defined in the document."
struct KnownFragmentNamesRule: ValidationRule {
    static let name = "KnownFragmentNamesRule"
    static let visitedNodes: VisitedNodes = .fragmentSpread
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
        if context.fragments[spread.name.value] == nil {
            context.report(Self.unknownFragment(spread.name.value), at: [spread.name.location])
        }
        return .visitChildren
    }

    static func unknownFragment(_ name: String) -> String { "Unknown fragment \"\(name)\"." }
}
