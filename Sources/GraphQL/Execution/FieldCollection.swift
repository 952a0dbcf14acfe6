/// CollectFields (section 6.3.2): the fields of selection sets that apply to one object
/// type, grouped by response key in the order of first occurrence, with fragments
/// expanded and `@skip` / `@include` applied.
struct FieldCollector {
    let schema: Schema
    let fragments: [String: FragmentDefinition]
    let variables: ObjectValue

    /// The grouped field set of `selectionSets` on `objectType`.
    func collect(_ selectionSets: [SelectionSet], on objectType: String) -> [(String, [Field])] {
        var groups = Groups()
        var visited = Set<String>()
        for selectionSet in selectionSets {
            collect(selectionSet, on: objectType, into: &groups, visited: &visited)
        }
        return zip(groups.keys, groups.fields).map { ($0, $1) }
    }

    /// Response keys in order with their fields. Most selection sets are small, so keys
    /// are searched linearly until there are enough of them to be worth a dictionary.
    private struct Groups {
        static let linearLimit = 16
        var keys: [String] = []
        var fields: [[Field]] = []
        var index: [String: Int] = [:]

        mutating func add(_ field: Field) {
            let key = field.responseKey
            if let position = position(of: key) {
                fields[position].append(field)
                return
            }
            keys.append(key)
            fields.append([field])
            if keys.count > Self.linearLimit {
                if index.isEmpty {
                    for (position, known) in keys.enumerated() { index[known] = position }
                } else {
                    index[key] = keys.count - 1
                }
            }
        }

        private func position(of key: String) -> Int? {
            if keys.count > Self.linearLimit { return index[key] }
            return keys.firstIndex(of: key)
        }
    }

    private func collect(
        _ selectionSet: SelectionSet, on objectType: String, into groups: inout Groups,
        visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            guard isIncluded(selection.directives) else { continue }
            switch selection {
            case .field(let field):
                groups.add(field)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), let fragment = fragments[name] else { continue }
                visited.insert(name)
                guard applies(fragment.typeCondition.value, to: objectType) else { continue }
                collect(fragment.selectionSet, on: objectType, into: &groups, visited: &visited)
            case .inlineFragment(let fragment):
                if let condition = fragment.typeCondition,
                    !applies(condition.value, to: objectType)
                {
                    continue
                }
                collect(fragment.selectionSet, on: objectType, into: &groups, visited: &visited)
            }
        }
    }

    /// DoesFragmentTypeApply: the object type is the condition, implements it, or is one of
    /// its union's members.
    private func applies(_ condition: String, to objectType: String) -> Bool {
        schema.isPossibleType(objectType, of: condition)
    }

    /// `@skip(if: true)` leaves a selection out, and so does `@include(if: false)`.
    func isIncluded(_ directives: [Directive]) -> Bool {
        for directive in directives {
            switch directive.name.value {
            case "skip": if condition(of: directive) == true { return false }
            case "include": if condition(of: directive) != true { return false }
            default: continue
            }
        }
        return true
    }

    /// The `if:` argument of `@skip` or `@include`, a literal or a coerced variable.
    private func condition(of directive: Directive) -> Bool? {
        guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else {
            return nil
        }
        switch argument.value.kind {
        case .boolean(let flag):
            return flag
        case .variable(let variable):
            if case .bool(let flag)? = variables[variable.name.value] { return flag }
            return nil
        default:
            return nil
        }
    }
}
