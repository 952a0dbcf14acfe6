extension GenericDirective where VariableReference == Never {
    /// The same directive, seen as one whose arguments could have held variables, so that
    /// the walker treats directives on variable definitions like every other directive.
    var withVariables: Directive {
        Directive(
            name: name,
            arguments: arguments.map {
                Argument(name: $0.name, value: $0.value.withVariables, location: $0.location)
            },
            location: location)
    }
}
