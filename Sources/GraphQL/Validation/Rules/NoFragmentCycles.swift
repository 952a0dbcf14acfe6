/// Fragment Spreads Must Not Form Cycles (section 5.5.2.2): "For each fragmentDefinition in
/// the document, let visited be the empty set. DetectFragmentCycles(fragmentDefinition,
/// visited)" — no fragment may spread itself, directly or through other fragments.
///
/// Each fragment is explored once, depth first along its spreads; a spread of a fragment
/// already on the current path is a cycle, reported with the path that closes it.
struct NoFragmentCyclesRule: ValidationRule {
    static let name = "NoFragmentCyclesRule"
    static let visitedNodes: VisitedNodes = [.operation, .fragmentDefinition]
    let context: ValidationContext
    private var visited: Set<String> = []

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: OperationDefinition) -> VisitAction { .skipChildren }

    mutating func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
        detectCycles(from: fragment)
        return .skipChildren
    }

    /// One fragment on the path being explored, and how far through its spreads we are.
    private struct Frame {
        let name: String
        let spreads: [FragmentSpread]
        var next = 0
    }

    /// Depth-first search with an explicit stack, so that a long chain of fragments cannot
    /// exhaust the thread's stack.
    private mutating func detectCycles(from start: FragmentDefinition) {
        guard visited.insert(start.name.value).inserted else { return }
        var path: [FragmentSpread] = []
        var pathIndexByName: [String: Int] = [:]
        var stack: [Frame] = []
        func push(_ fragment: FragmentDefinition) {
            let spreads = context.fragmentSpreads(in: fragment.selectionSet)
            guard !spreads.isEmpty else { return }
            pathIndexByName[fragment.name.value] = path.count
            stack.append(Frame(name: fragment.name.value, spreads: spreads))
        }
        push(start)
        while !stack.isEmpty, !context.isAborted {
            let top = stack.count - 1
            guard stack[top].next < stack[top].spreads.count else {
                pathIndexByName[stack[top].name] = nil
                stack.removeLast()
                if !path.isEmpty, !stack.isEmpty { path.removeLast() }
                continue
            }
            let spread = stack[top].spreads[stack[top].next]
            stack[top].next += 1
            let spreadName = spread.name.value
            path.append(spread)
            if let cycleStart = pathIndexByName[spreadName] {
                let cycle = Array(path[cycleStart...])
                context.report(Self.cycle(spreadName, via: cycle.dropLast().map(\.name.value)),
                    at: cycle.map(\.location))
                path.removeLast()
            } else if let target = context.fragments[spreadName],
                visited.insert(spreadName).inserted
            {
                let depthBefore = stack.count
                push(target)
                if stack.count == depthBefore { path.removeLast() }
            } else {
                path.removeLast()
            }
        }
    }

    static func cycle(_ name: String, via names: [String]) -> String {
        let via = names.map { "\"\($0)\"" }.joined(separator: ", ")
        return "Cannot spread fragment \"\(name)\" within itself" + (via.isEmpty ? "." : " via \(via).")
    }
}
