/// Walks a type-system document once, telling every rule about every node in the order
/// graphql-js's visitor meets them (so errors of all rules come out in document order).
struct SDLWalker {
    var visitors: [any SDLRuleVisitor]
    var context: SDLContext

    mutating func walk(_ document: TypeSystemDocument) {
        for definition in document.definitions {
            switch definition {
            case .schema(let node):
                visit(.schemaDefinition(node)) { $0.walkSchema(node) }
            case .schemaExtension(let node):
                visit(.schemaExtension(node)) { $0.walkSchema(node) }
            case .type(let node):
                visit(.typeDefinition(node)) { $0.walkType(node) }
            case .typeExtension(let node):
                visit(.typeExtension(node)) { $0.walkType(node) }
            case .directive(let node):
                visit(.directiveDefinition(node)) { walker in
                    for argument in node.arguments {
                        walker.walkInputValue(argument, location: .argumentDefinition)
                    }
                }
            }
        }
    }

    private mutating func visit(_ node: SDLNode, children: (inout SDLWalker) -> Void = { _ in }) {
        for index in visitors.indices { visitors[index].enter(node, &context) }
        children(&self)
        for index in visitors.indices { visitors[index].leave(node, &context) }
    }

    private mutating func walkSchema(_ node: SchemaDefinition) {
        walkDirectives(node.directives, location: .schema)
        for operationType in node.operationTypes {
            visit(.operationType(operationType)) { $0.visit(.namedType(operationType.type)) }
        }
    }

    private mutating func walkType(_ node: TypeDefinition) {
        switch node.kind {
        case .scalar:
            walkDirectives(node.directives, location: .scalar)
        case .object(let interfaces, let fields), .interface(let interfaces, let fields):
            for name in interfaces { visit(.namedType(name)) }
            let isObject = if case .object = node.kind { true } else { false }
            walkDirectives(node.directives, location: isObject ? .object : .interface)
            for field in fields {
                visit(.fieldDefinition(field)) { walker in
                    for argument in field.arguments {
                        walker.walkInputValue(argument, location: .argumentDefinition)
                    }
                    walker.walkTypeReference(field.type)
                    walker.walkDirectives(field.directives, location: .fieldDefinition)
                }
            }
        case .union(let members):
            walkDirectives(node.directives, location: .union)
            for name in members { visit(.namedType(name)) }
        case .enumeration(let values):
            walkDirectives(node.directives, location: .enumeration)
            for value in values {
                visit(.enumValueDefinition(value)) {
                    $0.walkDirectives(value.directives, location: .enumValue)
                }
            }
        case .inputObject(let fields):
            walkDirectives(node.directives, location: .inputObject)
            for field in fields { walkInputValue(field, location: .inputFieldDefinition) }
        }
    }

    /// An argument definition or input field: its type, default value and directives.
    private mutating func walkInputValue(
        _ node: InputValueDefinition, location: DirectiveLocation
    ) {
        visit(.inputValueDefinition(node)) { walker in
            walker.walkTypeReference(node.type)
            if let value = node.defaultValue { walker.walkValue(value) }
            walker.walkDirectives(node.directives, location: location)
        }
    }

    private mutating func walkTypeReference(_ node: TypeNode) {
        visit(.namedType(node.namedType))
    }

    private mutating func walkDirectives(_ directives: [ConstDirective], location: DirectiveLocation) {
        for directive in directives {
            visit(.directive(directive, location: location)) { walker in
                for argument in directive.arguments {
                    walker.visit(.argument(argument)) { $0.walkValue(argument.value) }
                }
            }
        }
    }

    private mutating func walkValue(_ node: ConstValueNode) {
        visit(.value(node)) { walker in
            switch node.kind {
            case .list(let items):
                for item in items { walker.walkValue(item) }
            case .object(let fields):
                for field in fields {
                    walker.visit(.objectField(field)) { $0.walkValue(field.value) }
                }
            default:
                break
            }
        }
    }
}
