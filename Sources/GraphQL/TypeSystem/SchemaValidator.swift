/// Checks a schema against the type validation rules of section 3 (graphql-js's
/// `validateSchema`): root types, directive definitions, and every named type.
///
/// Every problem is reported at once, in graphql-js's order and words. Given the document
/// the schema was built from, each error points where graphql-js points; without it
/// (a schema built in code) errors have no locations.
public enum SchemaValidator {
    /// Every problem with `schema`; empty when it is valid.
    public static func validate(
        _ schema: Schema, document: TypeSystemDocument? = nil
    ) -> [GraphQLError] {
        var context = SchemaValidationContext(schema: schema, nodes: document.map(SchemaNodes.init))
        context.validateRootTypes()
        context.validateDirectives()
        context.validateTypes()
        context.validateCostDirectives()
        return context.errors
    }
}

/// The schema under validation, where its parts were written, and the errors so far.
struct SchemaValidationContext {
    let schema: Schema
    let nodes: SchemaNodes?
    var errors: [GraphQLError] = []

    init(schema: Schema, nodes: SchemaNodes?) {
        self.schema = schema
        self.nodes = nodes
    }

    /// Records an error at the start of each node that is known.
    mutating func report(_ message: String, _ locations: [Location?]) {
        guard let nodes else {
            errors.append(GraphQLError(message))
            return
        }
        errors.append(GraphQLError(
            message, source: nodes.source, at: locations.compactMap { $0?.start }))
    }

    mutating func validateRootTypes() {
        let roots: [(OperationType, String?)] = [
            (.query, schema.queryType), (.mutation, schema.mutationType),
            (.subscription, schema.subscriptionType),
        ]
        for (operation, name) in roots {
            guard let name else {
                if operation == .query {
                    report("Query root type must be provided.", [nodes?.schemaDefinition?.location])
                }
                continue
            }
            if case .object? = schema[name] { continue }
            let label = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
            let message = operation == .query
                ? "Query root type must be Object type, it cannot be \(name)."
                : "\(label) root type must be Object type if provided, it cannot be \(name)."
            let location = nodes?.operationTypeName(operation)?.location
                ?? nodes?.typeDefinition(name)?.location
            report(message, [location])
        }
        validateDistinctRootTypes(roots)
    }

    /// Section 3.3.1: "The query, mutation, and subscription root types must all be
    /// different types if provided." graphql-js 16 does not check this; the words are
    /// graphql-js 17's.
    private mutating func validateDistinctRootTypes(_ roots: [(OperationType, String?)]) {
        var order: [String] = []
        var operations: [String: [OperationType]] = [:]
        for (operation, name) in roots {
            guard let name, case .object? = schema[name] else { continue }
            if operations[name] == nil { order.append(name) }
            operations[name, default: []].append(operation)
        }
        for name in order {
            guard let uses = operations[name], uses.count > 1 else { continue }
            let words = uses.map(\.rawValue)
            let list = words.count == 2
                ? "\(words[0]) and \(words[1])"
                : words.dropLast().joined(separator: ", ") + ", and " + words[words.count - 1]
            report(
                "All root types must be different, \"\(name)\" type is used as \(list) root types.",
                uses.map { nodes?.operationTypeName($0)?.location })
        }
    }

    mutating func validateDirectives() {
        for directiveName in schema.directiveNames {
            guard let directive = schema.directives[directiveName] else { continue }
            let node = nodes?.directive(directiveName)
            validateName(directive.name, node?.location)
            if directive.locations.isEmpty {
                report(
                    "Directive @\(directive.name) must include 1 or more locations.",
                    [node?.location])
            }
            for argument in directive.arguments {
                let argumentNode = nodes?.directiveArgument(directiveName, argument.name)
                validateName(argument.name, argumentNode?.location)
                if !schema.isInputType(argument.type) {
                    report(
                        "The type of @\(directive.name)(\(argument.name):) must be Input Type "
                            + "but got: \(argument.type).", [argumentNode?.location])
                }
                if argument.isRequired, argument.deprecationReason != nil {
                    report(
                        "Required argument @\(directive.name)(\(argument.name):) cannot be "
                            + "deprecated.",
                        [argumentNode?.deprecatedDirective?.location, argumentNode?.type.location])
                }
            }
        }
    }

    /// Names beginning with `__` are reserved for introspection.
    mutating func validateName(_ name: String, _ location: Location?) {
        if name.hasPrefix("__") {
            report(
                "Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL "
                    + "introspection.", [location])
        }
    }
}
