extension NamedType {
    /// The directives applied to the type in SDL, its extensions' included, in order.
    public var appliedDirectives: [ConstDirective] {
        switch self {
        case .scalar(let type): type.appliedDirectives
        case .object(let type): type.appliedDirectives
        case .interface(let type): type.appliedDirectives
        case .union(let type): type.appliedDirectives
        case .enumeration(let type): type.appliedDirectives
        case .inputObject(let type): type.appliedDirectives
        }
    }
}

extension Array where Element == ConstDirective {
    /// The first applied directive called `name` (without the `@`), if any.
    public func first(named name: String) -> ConstDirective? {
        first { $0.name.value == name }
    }
}

extension GenericDirective {
    /// The value given for the argument `name`, if it was given.
    public func argument(named name: String) -> GenericValueNode<VariableReference>? {
        arguments.first { $0.name.value == name }?.value
    }
}
