/// Unique argument definition names (sections 3.6.1, 3.13): the arguments a field or a
/// directive defines must have unique names.
struct UniqueArgumentDefinitionNames: SDLRuleVisitor {
    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        switch node {
        case .directiveDefinition(let directive):
            check("@\(directive.name.value)", directive.arguments, &context)
        case .typeDefinition(let definition), .typeExtension(let definition):
            switch definition.kind {
            case .object(_, let fields), .interface(_, let fields):
                for field in fields {
                    check(
                        "\(definition.name.value).\(field.name.value)", field.arguments, &context)
                }
            default:
                break
            }
        default:
            break
        }
    }

    private func check(
        _ parent: String, _ arguments: [InputValueDefinition], _ context: inout SDLContext
    ) {
        for (name, nodes) in sdlGroupedByName(arguments.map(\.name)) where nodes.count > 1 {
            context.report(Self.onlyOnce(parent, name), nodes.map(\.location))
        }
    }

    static func onlyOnce(_ parent: String, _ argumentName: String) -> String {
        "Argument \"\(parent)(\(argumentName):)\" can only be defined once."
    }
}

/// Names grouped by value, groups in order of first appearance.
func sdlGroupedByName(_ names: [Name]) -> [(String, [Name])] {
    var order: [String] = []
    var groups: [String: [Name]] = [:]
    for name in names {
        if groups[name.value] == nil { order.append(name.value) }
        groups[name.value, default: []].append(name)
    }
    return order.map { ($0, groups[$0]!) }
}
