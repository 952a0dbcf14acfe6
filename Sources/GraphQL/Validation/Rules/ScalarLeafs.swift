/// Leaf Field Selections (section 5.3.3): "For each selection in the document, let
/// selectionType be the unwrapped result type of selection. If selectionType is a scalar or
/// enum: the subselection set of that selection must be empty. If selectionType is an
/// interface, union, or object: the subselection set of that selection must not be empty."
struct ScalarLeafsRule: ValidationRule {
    static let name = "ScalarLeafsRule"
    static let visitedNodes: VisitedNodes = .field
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterField(_ field: Field) -> VisitAction {
        guard let named = context.typeInfo.namedTypeEntry, let type = context.typeInfo.type else {
            return .visitChildren
        }
        let fieldName = field.name.value
        if named.isLeaf {
            if let selectionSet = field.selectionSet {
                context.report(
                    Self.selectionOnLeaf(fieldName, type.description),
                    at: [selectionSet.location])
            }
        } else if field.selectionSet == nil {
            context.report(Self.missingSelection(fieldName, type.description), at: [field.location])
        }
        return .visitChildren
    }

    static func selectionOnLeaf(_ field: String, _ type: String) -> String {
        "Field \"\(field)\" must not have a selection since type \"\(type)\" has no subfields."
    }

    static func missingSelection(_ field: String, _ type: String) -> String {
        "Field \"\(field)\" of type \"\(type)\" must have a selection of subfields."
            + " Did you mean \"\(field) { ... }\"?"
    }
}
