/// Not a spec rule: graphql-js 16.9+'s recommended `MaxIntrospectionDepthRule`. An
/// introspection query may nest the list fields `fields`, `interfaces`, `possibleTypes` and
/// `inputFields` at most twice, because deeper nesting makes the response grow with the
/// schema's size to the power of the depth — a cheap denial of service.
struct MaxIntrospectionDepthRule: ValidationRule {
    static let name = "MaxIntrospectionDepthRule"
    static let visitedNodes: VisitedNodes = .field
    /// Nesting the introspection lists this deep is refused.
    static let maximumDepth = 3
    /// Selections nested deeper than this inside an introspection field (through fragments
    /// they can nest without bound) count as too deep, so that the check cannot exhaust the
    /// thread's stack.
    static let maximumNesting = 300
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterField(_ field: Field) -> VisitAction {
        guard field.name.value == "__schema" || field.name.value == "__type" else {
            return .visitChildren
        }
        var onPath: Set<String> = []
        var shallowEnough: Set<DepthKey> = []
        if isTooDeep(
            field.selectionSet, depth: 0, level: 0, onPath: &onPath, known: &shallowEnough)
        {
            context.report(Self.tooDeep(), at: [field.location])
            return .skipChildren
        }
        return .visitChildren
    }

    private struct DepthKey: Hashable {
        let fragment: String
        let depth: Int
    }

    /// Whether the selections reach `maximumDepth` nested introspection lists. Fragments on
    /// the current path are not followed again (a cycle adds nothing), and a fragment found
    /// shallow enough at some depth is not walked again at that depth.
    private func isTooDeep(
        _ selectionSet: SelectionSet?, depth: Int, level: Int, onPath: inout Set<String>,
        known: inout Set<DepthKey>
    ) -> Bool {
        guard let selectionSet else { return false }
        // A hostile nesting is refused rather than followed to the end.
        if level > Self.maximumNesting { return true }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                var fieldDepth = depth
                switch field.name.value {
                case "fields", "interfaces", "possibleTypes", "inputFields":
                    fieldDepth += 1
                    if fieldDepth >= Self.maximumDepth { return true }
                default: break
                }
                if isTooDeep(
                    field.selectionSet, depth: fieldDepth, level: level + 1, onPath: &onPath,
                    known: &known)
                {
                    return true
                }
            case .inlineFragment(let fragment):
                if isTooDeep(
                    fragment.selectionSet, depth: depth, level: level + 1, onPath: &onPath,
                    known: &known)
                {
                    return true
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                let key = DepthKey(fragment: name, depth: depth)
                guard !onPath.contains(name), !known.contains(key),
                    let fragment = context.fragments[name]
                else { continue }
                onPath.insert(name)
                let tooDeep = isTooDeep(
                    fragment.selectionSet, depth: depth, level: level + 1, onPath: &onPath,
                    known: &known)
                onPath.remove(name)
                if tooDeep { return true }
                known.insert(key)
            }
        }
        return false
    }

    static func tooDeep() -> String { "Maximum introspection depth exceeded" }
}
