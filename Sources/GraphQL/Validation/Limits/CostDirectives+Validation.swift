/// The cost directives specification's rules for applying `@cost` and `@listSize`, checked
/// with the rest of the schema so that a wrong weight or list size fails at start instead
/// of measuring operations wrongly.
extension SchemaValidationContext {
    mutating func validateCostDirectives() {
        for name in schema.typeNames {
            guard let type = schema[name] else { continue }
            checkWeight(type.appliedDirectives, on: name)
            switch type {
            case .object(let object): checkFields(object.fields, of: name)
            case .interface(let interface): checkFields(interface.fields, of: name)
            case .inputObject(let input):
                for field in input.fields { checkWeight(field.appliedDirectives, on: "\(name).\(field.name)") }
            default: break
            }
        }
        for name in schema.directiveNames {
            for argument in schema.directives[name]?.arguments ?? [] {
                checkWeight(argument.appliedDirectives, on: "@\(name)(\(argument.name):)")
            }
        }
    }

    private mutating func checkFields(_ fields: [FieldDefinitionInfo], of typeName: String) {
        for field in fields {
            let label = "\(typeName).\(field.name)"
            checkWeight(field.appliedDirectives, on: label)
            for argument in field.arguments {
                checkWeight(argument.appliedDirectives, on: "\(label)(\(argument.name):)")
            }
            if let directive = field.appliedDirectives.first(named: "listSize") {
                checkListSize(directive, on: field, label: label)
            }
        }
    }

    /// Valid Weight: a `@cost` weight is a number written as a string.
    private mutating func checkWeight(_ directives: [ConstDirective], on label: String) {
        guard let directive = directives.first(named: "cost"),
            case .string(let text, _)? = directive.argument(named: "weight")?.kind,
            CostDirectives.parseWeight(text) == nil
        else { return }
        report(
            "@cost on \(label) has weight \(Printer.printString(text)), which is not a number; "
                + "write a decimal number as a string, e.g. \"2.5\".", [directive.location])
    }

    /// Valid List Size Target, Valid Slicing Arguments Target, Valid Sized Fields Target.
    private mutating func checkListSize(_ directive: ConstDirective, on field: FieldDefinitionInfo, label: String) {
        guard let listSize = CostDirectives.listSize([directive]) else { return }
        if case .int(let text)? = directive.argument(named: "assumedSize")?.kind, (Int(text) ?? 0) < 0 {
            report("@listSize on \(label) has a negative assumedSize.", [directive.location])
        }
        for name in listSize.slicingArguments {
            guard let argument = field.argument(named: name) else {
                report("@listSize on \(label) names the slicing argument \"\(name)\", which the field does not have.", [directive.location])
                continue
            }
            if argument.type.nullable != .named("Int") {
                report("@listSize on \(label) names the slicing argument \"\(name)\", which is \(argument.type), not Int.", [directive.location])
            }
        }
        guard !listSize.sizedFields.isEmpty else {
            if !field.type.isList {
                report("@listSize on \(label), which is not a list, names no sizedFields.", [directive.location])
            }
            return
        }
        let typeName = field.type.namedType
        for name in listSize.sizedFields {
            guard let sized = schema[typeName]?.field(named: name) else {
                report("@listSize on \(label) names the sized field \"\(name)\", which \(typeName) does not have.", [directive.location])
                continue
            }
            if !sized.type.isList {
                report("@listSize on \(label) names the sized field \"\(name)\", which is \(sized.type), not a list.", [directive.location])
            }
        }
    }
}
