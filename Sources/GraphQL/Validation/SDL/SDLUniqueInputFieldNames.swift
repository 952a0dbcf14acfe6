/// Input object field uniqueness (section 5.6.3), in type-system documents: an input
/// object value in a default value or directive argument gives each field at most once.
struct SDLUniqueInputFieldNames: SDLRuleVisitor {
    private var stack: [[String: Name]] = []
    private var known: [String: Name] = [:]

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        switch node {
        case .value(let value):
            if case .object = value.kind {
                stack.append(known)
                known = [:]
            }
        case .objectField(let field):
            if let previous = known[field.name.value] {
                context.report(
                    Self.onlyOne(field.name.value), [previous.location, field.name.location])
            } else {
                known[field.name.value] = field.name
            }
        default:
            break
        }
    }

    mutating func leave(_ node: SDLNode, _ context: inout SDLContext) {
        if case .value(let value) = node, case .object = value.kind {
            known = stack.popLast() ?? [:]
        }
    }

    static func onlyOne(_ name: String) -> String {
        "There can be only one input field named \"\(name)\"."
    }
}
