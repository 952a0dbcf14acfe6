/// Turns a type-system document that passed SDL validation into a `Schema`.
///
/// The document is trusted to be well formed (unique names, known types, extensions of the
/// right kind); the only problems found here are directive arguments of the wrong type,
/// such as `@deprecated(reason: 1)`.
struct SchemaAssembler {
    let document: TypeSystemDocument
    var errors: [GraphQLError] = []

    init(document: TypeSystemDocument) {
        self.document = document
    }

    mutating func assemble() -> Schema {
        var typeDefinitions: [TypeDefinition] = []
        var extensions: [String: [TypeDefinition]] = [:]
        var directiveDefinitions: [DirectiveDefinition] = []
        var schemaDefinition: SchemaDefinition?
        var schemaExtensions: [SchemaDefinition] = []
        for definition in document.definitions {
            switch definition {
            case .type(let node): typeDefinitions.append(node)
            case .typeExtension(let node): extensions[node.name.value, default: []].append(node)
            case .directive(let node): directiveDefinitions.append(node)
            case .schema(let node): if schemaDefinition == nil { schemaDefinition = node }
            case .schemaExtension(let node): schemaExtensions.append(node)
            }
        }

        var types: [NamedType] = []
        var seen: Set<String> = []
        for definition in typeDefinitions where !seen.contains(definition.name.value) {
            let name = definition.name.value
            seen.insert(name)
            types.append(
                Self.standardType(named: name)
                    ?? buildType(definition, extensions: extensions[name] ?? []))
        }
        for scalar in SpecifiedScalars.all where !seen.contains(scalar.name) {
            types.append(.scalar(scalar))
        }
        for type in IntrospectionTypes.all where !seen.contains(type.name) {
            types.append(type)
        }

        var directives = directiveDefinitions.map { buildDirective($0) }
        for directive in SpecifiedDirectives.all
        where !directives.contains(where: { $0.name == directive.name }) {
            directives.append(directive)
        }

        var roots: [OperationType: String] = [:]
        for node in [schemaDefinition].compactMap({ $0 }) + schemaExtensions {
            for operationType in node.operationTypes {
                roots[operationType.operation] = operationType.type.value
            }
        }
        if schemaDefinition == nil {
            // Without a schema definition the conventional names are the roots (graphql-js
            // `buildASTSchema` lets them win over a schema extension's choice, too).
            for (operation, name) in [
                (OperationType.query, "Query"), (.mutation, "Mutation"),
                (.subscription, "Subscription"),
            ] where seen.contains(name) {
                roots[operation] = name
            }
        }

        let definedNames = typeDefinitions.map(\.name.value)
        return Schema(
            description: schemaDefinition?.description?.value,
            queryType: roots[.query], mutationType: roots[.mutation],
            subscriptionType: roots[.subscription],
            types: Self.typeMapOrder(types, definedNames: definedNames, directives: directives),
            directives: directives)
    }

    /// A built-in scalar or introspection type: a definition of the same name is replaced
    /// by the standard one, as graphql-js does.
    private static func standardType(named name: String) -> NamedType? {
        if let scalar = SpecifiedScalars.all.first(where: { $0.name == name }) {
            return .scalar(scalar)
        }
        return IntrospectionTypes.all.first { $0.name == name }
    }
}
