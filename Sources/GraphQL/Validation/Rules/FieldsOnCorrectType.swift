/// Field Selections (section 5.3.1): "For each selection in the document, let fieldName be
/// the target field of selection. fieldName must be defined on type in scope."
struct FieldsOnCorrectTypeRule: ValidationRule {
    static let name = "FieldsOnCorrectTypeRule"
    static let visitedNodes: VisitedNodes = .field
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterField(_ field: Field) -> VisitAction {
        guard let parentType = context.typeInfo.parentTypeEntry?.name,
            context.typeInfo.fieldEntry == nil
        else { return .visitChildren }
        let fieldName = field.name.value
        var hint = ""
        if !context.options.hideSuggestions {
            let typeNames = suggestedTypeNames(parentType, fieldName)
            hint =
                typeNames.isEmpty
                ? context.didYouMean(suggestedFieldNames(parentType, fieldName))
                : context.didYouMean(typeNames, subject: "to use an inline fragment on")
        }
        context.report(Self.unknownField(fieldName, parentType) + hint, at: [field.location])
        return .visitChildren
    }

    /// For an abstract type: the types that do have the field, those used by the most
    /// possible types first, then interfaces before the types implementing them.
    private func suggestedTypeNames(_ parentType: String, _ fieldName: String) -> [String] {
        let schema = context.schema
        switch schema[parentType] {
        case .interface?, .union?: break
        default: return []
        }
        var suggested: [String] = []
        var usageCount: [String: Int] = [:]
        for possible in schema.possibleTypes(of: parentType) {
            guard case .object(let object)? = schema[possible],
                object.field(named: fieldName) != nil
            else { continue }
            if usageCount[possible] == nil { suggested.append(possible) }
            usageCount[possible] = 1
            for interface in object.interfaces
            where schema[interface]?.field(named: fieldName) != nil {
                if usageCount[interface] == nil { suggested.append(interface) }
                usageCount[interface, default: 0] += 1
            }
        }
        return suggested.sorted { a, b in
            let countA = usageCount[a] ?? 0
            let countB = usageCount[b] ?? 0
            if countA != countB { return countA > countB }
            if case .interface? = schema[a], schema.isSubType(b, of: a) { return true }
            if case .interface? = schema[b], schema.isSubType(a, of: b) { return false }
            return Suggestions.naturalOrder(a, b) < 0
        }
    }

    /// For an object or interface: its field names close to the unknown one.
    private func suggestedFieldNames(_ parentType: String, _ fieldName: String) -> [String] {
        guard let fields = context.schema[parentType]?.fields else { return [] }
        return Suggestions.list(for: fieldName, among: fields.map(\.name))
    }

    static func unknownField(_ field: String, _ type: String) -> String {
        "Cannot query field \"\(field)\" on type \"\(type)\"."
    }
}
