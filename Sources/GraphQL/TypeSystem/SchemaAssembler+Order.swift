extension SchemaAssembler {
    /// The types in graphql-js 16's type-map order, which introspection's `__schema.types`
    /// follows: each defined type in document order, each followed by the built-in types
    /// first reached from it (depth first); then those reached from the root types, the
    /// directives' arguments and `__Schema`. Built-in scalars nothing refers to come last
    /// (graphql-js leaves them out altogether).
    static func typeMapOrder(
        _ types: [NamedType], definedNames: [String], directives: [DirectiveInfo]
    ) -> [NamedType] {
        var byName: [String: NamedType] = [:]
        for type in types where byName[type.name] == nil { byName[type.name] = type }
        var order = TypeOrder(byName: byName, defined: Set(definedNames))
        for name in definedNames { order.add(name) }
        for directive in directives {
            for argument in directive.arguments { order.add(argument.type.namedType) }
        }
        order.add("__Schema")
        for type in types { order.add(type.name) }
        return order.names.compactMap { byName[$0] }
    }
}

/// A depth-first collection of type names, each once, in the order first reached.
private struct TypeOrder {
    let byName: [String: NamedType]
    /// Defined types keep their document position: reaching one does not pull it forward.
    let defined: Set<String>
    var names: [String] = []
    var seen: Set<String> = []

    mutating func add(_ name: String) {
        // An explicit stack instead of recursion: deep type graphs cannot exhaust the
        // call stack.
        var stack = [name]
        var isRoot = true
        while let next = stack.popLast() {
            defer { isRoot = false }
            guard !seen.contains(next), isRoot || !defined.contains(next),
                let type = byName[next]
            else { continue }
            seen.insert(next)
            names.append(next)
            stack.append(contentsOf: Self.references(type).reversed())
        }
    }

    /// What a type refers to, in graphql-js's visiting order.
    static func references(_ type: NamedType) -> [String] {
        switch type {
        case .union(let union):
            return union.members
        case .object(let object):
            return object.interfaces + fieldReferences(object.fields)
        case .interface(let interface):
            return interface.interfaces + fieldReferences(interface.fields)
        case .inputObject(let input):
            return input.fields.map(\.type.namedType)
        case .scalar, .enumeration:
            return []
        }
    }

    static func fieldReferences(_ fields: [FieldDefinitionInfo]) -> [String] {
        fields.flatMap { [$0.type.namedType] + $0.arguments.map(\.type.namedType) }
    }
}
