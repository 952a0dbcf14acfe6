import Synchronization

/// The field plans of one document, shared by every request that runs it, on any thread.
///
/// A plan depends on the bound schema (its resolvers), the operation, the concrete type,
/// and on the variables only through `@skip` / `@include`. So a root plan is kept per
/// binding, operation and value of each variable a `@skip(if:)` or `@include(if:)` reads,
/// and the plans below it hang off it, built the first time a request reaches them. At
/// most `maxRoots` roots are kept, so a document's plans stay bounded; a request past that
/// builds private plans that die with it.
final class ExecutionPlans: Sendable {
    /// The most root plans (binding, operation, condition values) one document keeps.
    static let maxRoots = 16

    private struct Root {
        let binding: BindingIdentity
        let operation: Int
        let conditions: [UInt8]
        let plan: FieldPlan
    }

    /// Fragment definitions by name (the first of a name wins).
    let fragments: [String: FragmentDefinition]
    /// The variables any `@skip(if:)` or `@include(if:)` of the document reads.
    let conditionVariables: [String]
    private let roots = Mutex<[Root]>([])
    private let nextID = Atomic<Int>(0)
    /// How many positions, containers and bytes of leaf text the document's last response
    /// had: the next response's tree reserves that much at once instead of doubling its way
    /// there.
    let lastResponseSlots = Atomic<Int>(0)
    let lastResponseContainers = Atomic<Int>(0)
    let lastResponseLeafBytes = Atomic<Int>(0)

    /// Plans for `document`, none built yet.
    init(_ document: ExecutableDocument) {
        var fragments: [String: FragmentDefinition] = [:]
        var variables = ConditionVariables()
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                Self.conditionVariables(in: operation.selectionSet, into: &variables)
            case .fragment(let fragment):
                if fragments[fragment.name.value] == nil { fragments[fragment.name.value] = fragment }
                Self.conditionVariables(in: fragment.selectionSet, into: &variables)
            }
        }
        self.fragments = fragments
        self.conditionVariables = variables.names
    }

    private init(fragments: [String: FragmentDefinition], conditionVariables: [String]) {
        self.fragments = fragments
        self.conditionVariables = conditionVariables
    }

    /// Plans for the same document that nobody else shares, none built yet.
    func unshared() -> ExecutionPlans {
        ExecutionPlans(fragments: fragments, conditionVariables: conditionVariables)
    }

    /// How many root plans are kept.
    var rootCount: Int { roots.withLock { $0.count } }

    /// How many plan ids have been given out: the size of a request's per-plan state.
    var planCount: Int { nextID.load(ordering: .relaxed) }

    /// A fresh id for a plan of this document.
    func makeID() -> Int {
        nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// The condition values of a request: per condition variable, 2 for `true`, 1 for
    /// `false`, 0 for anything else (which `@skip` and `@include` read as absent).
    func conditions(for variables: ObjectValue) -> [UInt8] {
        conditionVariables.map { name in
            guard case .bool(let flag)? = variables[name] else { return 0 }
            return flag ? 2 : 1
        }
    }

    /// The kept root plan of an operation (by its start offset) for these conditions.
    func root(binding: BindingIdentity, operation: Int, conditions: [UInt8]) -> FieldPlan? {
        roots.withLock { roots in
            roots.first {
                $0.binding === binding && $0.operation == operation && $0.conditions == conditions
            }?.plan
        }
    }

    /// Keeps `plan` as the root for these conditions unless another request kept one
    /// first; returns the kept one, or nil when the document keeps all the roots it may.
    func keep(
        _ plan: FieldPlan, binding: BindingIdentity, operation: Int, conditions: [UInt8]
    ) -> FieldPlan? {
        roots.withLock { roots in
            if let kept = roots.first(where: {
                $0.binding === binding && $0.operation == operation && $0.conditions == conditions
            }) {
                return kept.plan
            }
            guard roots.count < Self.maxRoots else { return nil }
            roots.append(Root(binding: binding, operation: operation, conditions: conditions, plan: plan))
            return plan
        }
    }

    /// Adds each variable that decides a `@skip` or `@include` under `selectionSet`.
    private static func conditionVariables(
        in selectionSet: SelectionSet, into names: inout ConditionVariables
    ) {
        for selection in selectionSet.selections {
            for directive in selection.directives
            where directive.name.value == "skip" || directive.name.value == "include" {
                for argument in directive.arguments where argument.name.value == "if" {
                    if case .variable(let variable) = argument.value.kind {
                        names.add(variable.name.value)
                    }
                }
            }
            switch selection {
            case .field(let field):
                if let child = field.selectionSet { conditionVariables(in: child, into: &names) }
            case .inlineFragment(let fragment):
                conditionVariables(in: fragment.selectionSet, into: &names)
            case .fragmentSpread:
                continue
            }
        }
    }
}

/// Variable names in order of first use, each once.
private struct ConditionVariables {
    var names: [String] = []
    var seen: Set<String> = []

    mutating func add(_ name: String) {
        if seen.insert(name).inserted { names.append(name) }
    }
}

/// The identity of one `bind(to:)`: plans hold its resolvers, so a document's plans are
/// kept per binding.
final class BindingIdentity: Sendable {}
