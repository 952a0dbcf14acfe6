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
        if let fragmentType = compositeName(context.typeInfo.type?.namedType),
            let parentType = compositeName(context.typeInfo.parentType),
            !context.schema.typesOverlap(fragmentType, parentType)
        {
            context.report(
                Self.impossibleInline(parentType, fragmentType), at: [fragment.location])
        }
        return .visitChildren
    }

    func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
        let name = spread.name.value
        if let fragmentType = compositeName(context.fragments[name]?.typeCondition.value),
            let parentType = compositeName(context.typeInfo.parentType),
            !context.schema.typesOverlap(fragmentType, parentType)
        {
            context.report(
                Self.impossibleSpread(name, parentType, fragmentType), at: [spread.location])
        }
        return .visitChildren
    }

    private func compositeName(_ name: String?) -> String? {
        guard let name, context.schema[name]?.isComposite == true else { return nil }
        return name
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
