/// The cheap test that spares most selection sets a field map in
/// `OverlappingFieldsCanBeMergedRule`.
extension ConflictFinder {
    /// Whether `conflictsWithin` has anything to compare in a selection set (inline fragments
    /// included, fragments not followed): a response name selected twice, fields beside a
    /// fragment spread, or two different fragments spread. Most selection sets select
    /// distinct fields only, and then need no field map, shapes or schema lookups.
    /// (`true` is always safe: the full comparison then finds nothing.)
    static func needsComparison(_ selectionSet: SelectionSet) -> Bool {
        var scan = SelectionScan()
        return scan.visit(selectionSet) || (!scan.responseNames.isEmpty && scan.spread != nil)
    }

    /// What the scan has seen so far.
    private struct SelectionScan {
        /// Beyond this many fields, the scan stops and answers "compare".
        static let maximumFields = 32
        var responseNames: [String] = []
        var spread: String?

        /// Whether what the selection set adds already needs comparing.
        mutating func visit(_ selectionSet: SelectionSet) -> Bool {
            selectionSet.selections.withUnsafeBufferPointer { selections in
                for index in selections.indices {
                    switch selections[index] {
                    case .field(let field):
                        let name = field.alias?.value ?? field.name.value
                        if responseNames.count >= Self.maximumFields
                            || responseNames.contains(name)
                        {
                            return true
                        }
                        responseNames.append(name)
                    case .fragmentSpread(let fragmentSpread):
                        if let spread, spread != fragmentSpread.name.value { return true }
                        spread = fragmentSpread.name.value
                    case .inlineFragment(let fragment):
                        if visit(fragment.selectionSet) { return true }
                    }
                }
                return false
            }
        }
    }
}
