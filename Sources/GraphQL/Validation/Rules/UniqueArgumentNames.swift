/// Argument Uniqueness (section 5.4.2): "For each argument in the Document, let
/// argumentName be the Name of argument. Let arguments be all Arguments named argumentName
/// in the Argument Set which contains argument. arguments must be the set containing only
/// argument."
struct UniqueArgumentNamesRule: ValidationRule {
    static let name = "UniqueArgumentNamesRule"
    static let visitedNodes: VisitedNodes = [.field, .directive]
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enterField(_ field: Field) -> VisitAction {
        check(field.arguments)
        return .visitChildren
    }

    func enterDirective(_ directive: Directive, at location: DirectiveLocation) -> VisitAction {
        check(directive.arguments)
        return .visitChildren
    }

    private func check(_ arguments: [Argument]) {
        guard arguments.count > 1 else { return }
        var order: [String] = []
        var byName: [String: [Name]] = [:]
        for argument in arguments {
            if byName[argument.name.value] == nil { order.append(argument.name.value) }
            byName[argument.name.value, default: []].append(argument.name)
        }
        for name in order where byName[name]!.count > 1 {
            context.report(Self.duplicate(name), at: byName[name]!.map(\.location))
        }
    }

    static func duplicate(_ name: String) -> String {
        "There can be only one argument named \"\(name)\"."
    }
}
