extension SchemaValidationContext {
    /// An object or interface must implement each interface it declares (section 3.6,
    /// IsValidImplementation), and every interface those declare.
    mutating func validateInterfaces(
        _ typeName: String, _ interfaces: [String], fields: [FieldDefinitionInfo]
    ) {
        var seen: Set<String> = []
        for interfaceName in interfaces {
            let entries = nodes?.implementsNames(typeName, interfaceName).map(\.location) ?? []
            guard case .interface(let interface)? = schema[interfaceName] else {
                report(
                    "Type \(typeName) must only implement Interface types, it cannot implement "
                        + "\(interfaceName).", entries)
                continue
            }
            if interfaceName == typeName {
                report(
                    "Type \(typeName) cannot implement itself because it would create a circular "
                        + "reference.", entries)
                continue
            }
            if seen.contains(interfaceName) {
                report("Type \(typeName) can only implement \(interfaceName) once.", entries)
                continue
            }
            seen.insert(interfaceName)
            validateImplementsAncestors(typeName, interfaces, interface)
            validateImplementsInterface(typeName, fields, interface)
        }
    }

    private mutating func validateImplementsAncestors(
        _ typeName: String, _ interfaces: [String], _ interface: InterfaceType
    ) {
        for transitive in interface.interfaces where !interfaces.contains(transitive) {
            let message = transitive == typeName
                ? "Type \(typeName) cannot implement \(interface.name) because it would create a "
                    + "circular reference."
                : "Type \(typeName) must implement \(transitive) because it is implemented by "
                    + "\(interface.name)."
            let entries = (nodes?.implementsNames(interface.name, transitive) ?? [])
                + (nodes?.implementsNames(typeName, interface.name) ?? [])
            report(message, entries.map(\.location))
        }
    }

    private mutating func validateImplementsInterface(
        _ typeName: String, _ fields: [FieldDefinitionInfo], _ interface: InterfaceType
    ) {
        let iface = interface.name
        for interfaceField in interface.fields {
            let fieldName = interfaceField.name
            let interfaceFieldNode = nodes?.field(iface, fieldName)
            guard let field = fields.first(where: { $0.name == fieldName }) else {
                report(
                    "Interface field \(iface).\(fieldName) expected but \(typeName) does not "
                        + "provide it.", [interfaceFieldNode?.location] + allLocations(typeName))
                continue
            }
            let fieldNode = nodes?.field(typeName, fieldName)
            if !schema.isTypeSubTypeOf(maybeSubType: field.type, superType: interfaceField.type) {
                report(
                    "Interface field \(iface).\(fieldName) expects type \(interfaceField.type) "
                        + "but \(typeName).\(fieldName) is type \(field.type).",
                    [interfaceFieldNode?.type.location, fieldNode?.type.location])
            }
            for interfaceArgument in interfaceField.arguments {
                let argumentName = interfaceArgument.name
                let interfaceArgumentNode = nodes?.argument(iface, fieldName, argumentName)
                guard let argument = field.argument(named: argumentName) else {
                    report(
                        "Interface field argument \(iface).\(fieldName)(\(argumentName):) "
                            + "expected but \(typeName).\(fieldName) does not provide it.",
                        [interfaceArgumentNode?.location, fieldNode?.location])
                    continue
                }
                if argument.type != interfaceArgument.type {
                    let argumentNode = nodes?.argument(typeName, fieldName, argumentName)
                    report(
                        "Interface field argument \(iface).\(fieldName)(\(argumentName):) "
                            + "expects type \(interfaceArgument.type) but "
                            + "\(typeName).\(fieldName)(\(argumentName):) is type "
                            + "\(argument.type).",
                        [interfaceArgumentNode?.type.location, argumentNode?.type.location])
                }
            }
            for argument in field.arguments
            where argument.isRequired && interfaceField.argument(named: argument.name) == nil {
                report(
                    "Object field \(typeName).\(fieldName) includes required argument "
                        + "\(argument.name) that is missing from the Interface field "
                        + "\(iface).\(fieldName).",
                    [nodes?.argument(typeName, fieldName, argument.name)?.location,
                     interfaceFieldNode?.location])
            }
        }
    }
}
