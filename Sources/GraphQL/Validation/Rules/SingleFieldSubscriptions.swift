/// Single Root Field (section 5.2.3.1): "For each subscription operation definition
/// subscription in the document: let subscriptionType be the root Subscription type in
/// schema, let selectionSet be the top level selection set on subscription, let
/// collectedFieldsMap be the result of CollectSubscriptionFields(subscriptionType,
/// selectionSet). collectedFieldsMap must have exactly one entry, which must not be an
/// introspection field."
struct SingleFieldSubscriptionsRule: ValidationRule {
    static let name = "SingleFieldSubscriptionsRule"
    static let visitedNodes: VisitedNodes = .operation
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ operation: OperationDefinition) -> VisitAction {
        guard operation.operation == .subscription,
            let subscriptionType = context.schema.subscriptionType
        else { return .visitChildren }
        var fields = CollectedFields()
        var visited: Set<String> = []
        collect(operation.selectionSet, on: subscriptionType, into: &fields, visited: &visited)
        let name = operation.name?.value
        if fields.keys.count > 1 {
            let extra = fields.keys.dropFirst().flatMap { fields.byKey[$0]! }
            context.report(Self.notSingleField(name), at: extra.map(\.location))
        }
        for key in fields.keys {
            let group = fields.byKey[key]!
            if group[0].name.value.hasPrefix("__") {
                context.report(Self.introspectionField(name), at: group.map(\.location))
            }
        }
        return .visitChildren
    }

    /// Fields by response key, in the order the keys first appear.
    private struct CollectedFields {
        var keys: [String] = []
        var byKey: [String: [Field]] = [:]
    }

    /// CollectFields on the subscription root, without variables: as in graphql-js 16, a
    /// literal `@skip(if: true)` or `@include(if: false)` leaves a selection out; a variable
    /// condition keeps it. Depth first in document order, with an explicit stack so that a
    /// long chain of fragments cannot exhaust the thread's stack.
    private func collect(
        _ selectionSet: SelectionSet, on rootType: String, into fields: inout CollectedFields,
        visited: inout Set<String>
    ) {
        var pending: [IndexingIterator<[Selection]>] = [selectionSet.selections.makeIterator()]
        while !pending.isEmpty {
            guard let selection = pending[pending.count - 1].next() else {
                pending.removeLast()
                continue
            }
            if Self.isLeftOut(selection) { continue }
            switch selection {
            case .field(let field):
                let key = field.responseKey
                if fields.byKey[key] == nil { fields.keys.append(key) }
                fields.byKey[key, default: []].append(field)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted,
                    let fragment = context.fragments[spread.name.value],
                    conditionMatches(fragment.typeCondition.value, rootType)
                else { continue }
                pending.append(fragment.selectionSet.selections.makeIterator())
            case .inlineFragment(let fragment):
                if let condition = fragment.typeCondition,
                    !conditionMatches(condition.value, rootType)
                {
                    continue
                }
                pending.append(fragment.selectionSet.selections.makeIterator())
            }
        }
    }

    /// Whether a literal `@skip(if: true)` or `@include(if: false)` leaves `selection` out.
    private static func isLeftOut(_ selection: Selection) -> Bool {
        let directives: [Directive]
        switch selection {
        case .field(let field): directives = field.directives
        case .fragmentSpread(let spread): directives = spread.directives
        case .inlineFragment(let fragment): directives = fragment.directives
        }
        for directive in directives {
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }),
                case .boolean(let value) = argument.value.kind
            else { continue }
            if directive.name.value == "skip", value { return true }
            if directive.name.value == "include", !value { return true }
        }
        return false
    }

    private func conditionMatches(_ condition: String, _ rootType: String) -> Bool {
        if condition == rootType { return true }
        switch context.schema[condition] {
        case .interface?, .union?: return context.schema.isSubType(rootType, of: condition)
        default: return false
        }
    }

    static func notSingleField(_ operation: String?) -> String {
        if let operation {
            return "Subscription \"\(operation)\" must select only one top level field."
        }
        return "Anonymous Subscription must select only one top level field."
    }

    static func introspectionField(_ operation: String?) -> String {
        if let operation {
            return "Subscription \"\(operation)\" must not select an introspection top level field."
        }
        return "Anonymous Subscription must not select an introspection top level field."
    }
}
