/// The errors an operation's measure gives, in words that say what to change.
extension OperationMeasure {
    /// A list of the operation whose items cost the most in all: where a client can save
    /// the most by asking for fewer items or fewer fields.
    struct CostliestList {
        /// Response keys from the root down to the list.
        var path: [String]
        /// What its items cost in all, for one object of the measured selection's type.
        var share: Double
        /// What one item's selections cost.
        var each: Double
        /// The sizes of the lists from the first one on the path down to it.
        var sizes: [Int]

        /// As seen from the field `key` above it, a list of `size` items when it is one.
        func lifted(through key: String, size: Int?) -> CostliestList {
            var lifted = self
            lifted.path.insert(key, at: 0)
            if let size {
                lifted.share *= Double(size)
                lifted.sizes.insert(size, at: 0)
            }
            return lifted
        }
    }

    /// The limits `operation` breaks. With `deferringVariableCost`, a cost over the limit
    /// only because some list size comes from a variable is left out and reported as
    /// `costDependsOnVariables`, for a check with the request's values.
    mutating func check(
        _ operation: OperationDefinition, deferringVariableCost: Bool = false
    ) -> (errors: [GraphQLError], costDependsOnVariables: Bool) {
        let total = measure(operation)
        var errors: [GraphQLError] = []
        let at = [operation.location.start]
        let name = Self.name(of: operation)
        if total.depth > limits.maxDepth {
            errors.append(error("\(name) is nested \(total.depth) levels deep; the limit is \(limits.maxDepth).", at))
        }
        if total.aliases > limits.maxAliases {
            errors.append(error("\(name) uses \(total.aliases) aliases; the limit is \(limits.maxAliases).", at))
        }
        if let crowded = total.crowdedDirectives {
            errors.append(error(
                "\(crowded.count) directives on one location; the limit is \(limits.maxDirectivesPerLocation).",
                [crowded.location.start]))
        }
        errors += slicingErrors
        slicingErrors = []
        if total.cost > Double(limits.maxCost) {
            // Deferred only when some request's sizes could keep it within the limit (then
            // some size was guessed: without one, `leastCost` is `cost`).
            if deferringVariableCost, total.leastCost <= Double(limits.maxCost) {
                return (errors, true)
            }
            errors.append(costError(name, total, at))
        }
        return (errors, false)
    }

    /// The cost error of `operation` with this measure's variable values, if it costs
    /// more than the limit.
    mutating func costError(of operation: OperationDefinition) -> GraphQLError? {
        let total = measure(operation)
        guard total.cost > Double(limits.maxCost) else { return nil }
        return costError(Self.name(of: operation), total, [operation.location.start])
    }

    private static func name(of operation: OperationDefinition) -> String {
        operation.name.map { "Operation \"\($0.value)\"" } ?? "The operation"
    }

    /// `The operation costs 16033, more than the limit of 10000; the costliest field is
    /// lunchMenu.sections.items.kinds (…)`, and what makes a cost.
    private func costError(_ name: String, _ total: Measurement, _ at: [Int]) -> GraphQLError {
        var message = "\(name) costs \(Self.format(total.cost)), more than the limit of \(limits.maxCost)"
        if let list = total.costliest, list.share >= total.loose {
            let count = list.sizes.reduce(1.0) { $0 * Double($1) }
            let sizes = list.sizes.count == 1 ? "" : " (" + list.sizes.map(String.init).joined(separator: " × ") + ")"
            message += "; the costliest field is \(list.path.joined(separator: ".")) (\(Self.format(list.share)): "
                + "its selections cost \(Self.format(list.each)) for each of up to \(Self.format(count)) items\(sizes))"
        } else if let field = total.heaviest {
            message += "; the costliest field is \(field.key) (\(Self.format(field.cost)))"
        }
        message += ". An object costs 1, a scalar 0 (unless the schema's @cost says otherwise), and a list "
            + "multiplies the cost of its selections by the items it may hold: its first, or its @listSize "
            + "in the schema. Ask for smaller pages or fewer fields."
        return error(message, at)
    }

    /// A cost as a number: whole when it is, else to two decimal places.
    static func format(_ cost: Double) -> String {
        guard cost.isFinite, cost.magnitude < 9e18 else { return cost < 0 ? "less than -9e18" : "more than 9e18" }
        if cost.magnitude >= 1e15 || cost == cost.rounded() { return String(Int(cost.rounded())) }
        let hundredths = Int((cost * 100).rounded())
        let whole = hundredths / 100
        let fraction = (hundredths % 100).magnitude
        if fraction == 0 { return String(whole) }
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        let digits = fraction < 10 ? "0\(fraction)" : (fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)")
        return sign + String(whole) + "." + digits
    }
}
