/// Fragment Spread Is Possible (section 5.5.2.3): "For each spread (named or inline) defined
/// in the document, let fragment be the target of spread, let fragmentType be the type
/// condition of fragment, let parentType be the type of the selection set containing spread,
/// let applicableTypes be the intersection of GetPossibleTypes(fragmentType) and
/// GetPossibleTypes(parentType). applicableTypes must not be empty."
struct PossibleFragmentSpreadsRule: ValidationRule {
    static let name = "PossibleFragmentSpreadsRule"
    static let visitedNodes: VisitedNodes = [.fragmentSpread, .inlineFragment]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
        if let fragmentType = context.typeInfo.namedTypeEntry, fragmentType.isComposite,
            let parentType = context.typeInfo.parentTypeEntry,
            !overlap(fragmentType, parentType)
        {
            context.report(
                Self.impossibleInline(parentType.name, fragmentType.name),
                at: [fragment.location])
        }
        return .visitChildren
    }

    func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
        let name = spread.name.value
        if let condition = context.fragments[name]?.typeCondition.value,
            let fragmentType = context.schema.typeIndex[condition], fragmentType.isComposite,
            let parentType = context.typeInfo.parentTypeEntry,
            !overlap(fragmentType, parentType)
        {
            context.report(
                Self.impossibleSpread(name, parentType.name, fragmentType.name),
                at: [spread.location])
        }
        return .visitChildren
    }

    /// Whether two composite types can have an object in common; a type always overlaps
    /// itself, which spares the usual case any lookup.
    private func overlap(_ a: TypeEntry, _ b: TypeEntry) -> Bool {
        a.id == b.id || context.schema.typesOverlap(a.name, b.name)
    }

    static func impossibleInline(_ parentType: String, _ fragmentType: String) -> String {
        "Fragment cannot be spread here as objects of type \"\(parentType)\""
            + " can never be of type \"\(fragmentType)\"."
    }

    static func impossibleSpread(
        _ fragment: String, _ parentType: String, _ fragmentType: String
    ) -> String {
        "Fragment \"\(fragment)\" cannot be spread here as objects of type \"\(parentType)\""
            + " can never be of type \"\(fragmentType)\"."
    }
}
