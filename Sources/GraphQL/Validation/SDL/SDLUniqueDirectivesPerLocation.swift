/// Directives are unique per location (section 5.7.3), in type-system documents: a
/// non-repeatable directive may be used once per location — once per schema, and once per
/// type across its definition and extensions.
struct SDLUniqueDirectivesPerLocation: SDLRuleVisitor {
    private var isUnique: [String: Bool] = [:]
    private var schemaDirectives: [String: ConstDirective] = [:]
    private var typeDirectives: [String: [String: ConstDirective]] = [:]

    init(context: SDLContext) {
        for directive in context.existingDirectives {
            isUnique[directive.name] = !directive.isRepeatable
        }
        for definition in context.directiveDefinitions {
            isUnique[definition.name.value] = !definition.isRepeatable
        }
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        switch node {
        case .schemaDefinition(let schema), .schemaExtension(let schema):
            check(schema.directives, seen: &schemaDirectives, &context)
        case .typeDefinition(let type), .typeExtension(let type):
            var seen = typeDirectives[type.name.value] ?? [:]
            check(type.directives, seen: &seen, &context)
            typeDirectives[type.name.value] = seen
        case .fieldDefinition(let field):
            var seen: [String: ConstDirective] = [:]
            check(field.directives, seen: &seen, &context)
        case .inputValueDefinition(let value):
            var seen: [String: ConstDirective] = [:]
            check(value.directives, seen: &seen, &context)
        case .enumValueDefinition(let value):
            var seen: [String: ConstDirective] = [:]
            check(value.directives, seen: &seen, &context)
        default:
            break
        }
    }

    private func check(
        _ directives: [ConstDirective], seen: inout [String: ConstDirective],
        _ context: inout SDLContext
    ) {
        for directive in directives {
            let name = directive.name.value
            guard isUnique[name] == true else { continue }
            if let previous = seen[name] {
                context.report(Self.onlyOnce(name), [previous.location, directive.location])
            } else {
                seen[name] = directive
            }
        }
    }

    static func onlyOnce(_ name: String) -> String {
        "The directive \"@\(name)\" can only be used once at this location."
    }
}
