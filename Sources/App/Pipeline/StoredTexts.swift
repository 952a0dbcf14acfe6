import GraphQL

/// The pipeline's input check on the text Kitchen stores: no `String` argument or input
/// field of a mutation may contain U+0000 (NUL).
///
/// The GraphQL language allows U+0000 (raw in a string, block string or comment, or as
/// `\u0000` and `\u{0}`), as JSON does and graphql-js accepts, so a query may carry one —
/// a search for it simply finds nothing. What Kitchen must not do is store one: SQLite's
/// text functions and FTS5 stop at it, and no name, step, comment or address means anything
/// with one. So a mutation whose `String` inputs hold one — written in the document or
/// sent in its variables, at any depth of its input objects and lists — is refused as a
/// whole, with one `BAD_USER_INPUT`, before anything runs and changes. Arguments and
/// fields named `password` are exempt: a password is hashed, never stored as text.
struct StoredTexts {
    let schema: Schema
    let operation: OperationDefinition
    let fragments: [String: FragmentDefinition]
    let variables: ObjectValue

    static let message = "A stored text cannot contain the character U+0000 (NUL); remove it and send the change again."

    /// The error for a prepared request that would store a NUL, else nil; only mutations
    /// store, so anything else passes at once.
    static func check(
        _ prepared: PreparedDocument, operationType: OperationType?, operationName: String?,
        variables: ObjectValue, schema: Schema
    ) -> GraphQLError? {
        guard operationType == .mutation,
            let operation = prepared.document.operations.first(where: {
                operationName == nil || $0.name?.value == operationName
            }),
            let root = schema.rootType(for: .mutation)
        else { return nil }
        let check = StoredTexts(
            schema: schema, operation: operation,
            fragments: Dictionary(prepared.document.fragments.map { ($0.name.value, $0) }) { first, _ in first },
            variables: variables)
        var visited: Set<String> = []
        guard check.holdsNul(operation.selectionSet, root: root, visited: &visited) else { return nil }
        return GraphQLError(message, code: .badUserInput)
    }

    /// Whether a root field of the selection set, or of the fragments it spreads, is given
    /// a NUL in a `String` input.
    private func holdsNul(_ selections: SelectionSet, root: ObjectType, visited: inout Set<String>) -> Bool {
        for selection in selections.selections {
            switch selection {
            case .field(let field):
                guard let definition = root.field(named: field.name.value) else { continue }
                for argument in field.arguments where argument.name.value != Self.exempt {
                    guard let input = definition.arguments.first(where: { $0.name == argument.name.value }) else { continue }
                    if holdsNul(argument.value, type: input.type) { return true }
                }
            case .inlineFragment(let fragment):
                if holdsNul(fragment.selectionSet, root: root, visited: &visited) { return true }
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] else { continue }
                if holdsNul(fragment.selectionSet, root: root, visited: &visited) { return true }
            }
        }
        return false
    }

    /// Whether a value written in the document, of input type `type`, holds a NUL in a
    /// `String`; a variable is looked at in the request's variables (or its default).
    private func holdsNul(_ value: ValueNode, type: TypeReference) -> Bool {
        switch value.kind {
        case .variable(let variable):
            if let sent = variables[variable.name.value] { return holdsNul(sent, type: type) }
            let definition = operation.variableDefinitions.first { $0.variable.name.value == variable.name.value }
            return definition?.defaultValue.map { holdsNul($0.withVariables, type: type) } ?? false
        case .string(let text, _):
            return type.namedType == "String" && text.utf8.contains(0)
        case .list(let items):
            let item = Self.itemType(of: type)
            return items.contains { holdsNul($0, type: item) }
        case .object(let fields):
            guard let inputFields = inputFields(of: type) else { return false }
            return fields.contains { field in
                guard field.name.value != Self.exempt, let input = inputFields.first(where: { $0.name == field.name.value })
                else { return false }
                return holdsNul(field.value, type: input.type)
            }
        default:
            return false
        }
    }

    /// The same for a value sent in the variables.
    private func holdsNul(_ value: Value, type: TypeReference) -> Bool {
        switch value {
        case .string(let text):
            return type.namedType == "String" && text.utf8.contains(0)
        case .list(let items):
            let item = Self.itemType(of: type)
            return items.contains { holdsNul($0, type: item) }
        case .object(let object):
            guard let inputFields = inputFields(of: type) else { return false }
            return object.entries.contains { name, field in
                guard name != Self.exempt, let input = inputFields.first(where: { $0.name == name }) else { return false }
                return holdsNul(field, type: input.type)
            }
        default:
            return false
        }
    }

    private func inputFields(of type: TypeReference) -> [InputValueInfo]? {
        guard case .inputObject(let object)? = schema.types[type.namedType] else { return nil }
        return object.fields
    }

    /// The type of a list's items; a single value given for a list is coerced as an item.
    private static func itemType(of type: TypeReference) -> TypeReference {
        if case .list(let item) = type.nullable { return item }
        return type
    }

    /// The argument and input field name whose text is never stored.
    private static let exempt = "password"
}
