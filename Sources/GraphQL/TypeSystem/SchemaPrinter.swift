/// Prints a schema as SDL, exactly as graphql-js 16's `printSchema` does — or, with
/// `appliedDirectives`, with every directive the SDL applied as well (`@cost`, `@listSize`,
/// …), which graphql-js never prints (see `Tests/GraphQLTests/DEVIATIONS.md`).
///
/// Built-in scalars, specified directives and introspection types are left out; the
/// `schema { … }` block only appears when a root type has an unconventional name or the
/// schema has a description. Types keep their definition order.
public enum SchemaPrinter {
    /// The SDL of `schema`, without a trailing newline.
    public static func print(_ schema: Schema, appliedDirectives: Bool = false) -> String {
        var blocks: [String] = []
        if let definition = schemaDefinition(schema) { blocks.append(definition) }
        for name in schema.directiveNames where !SpecifiedDirectives.isSpecified(name) {
            if let directive = schema.directives[name] {
                blocks.append(print(directive, schema, appliedDirectives: appliedDirectives))
            }
        }
        for name in schema.typeNames
        where !SpecifiedScalars.isSpecified(name) && !IntrospectionTypes.isIntrospectionType(name) {
            if let type = schema[name] { blocks.append(print(type, schema, appliedDirectives: appliedDirectives)) }
        }
        return blocks.joined(separator: "\n\n")
    }

    /// The SDL of one named type, as `printSchema` shows it (with `appliedDirectives`, as
    /// its SDL applies directives too).
    public static func print(_ type: NamedType, _ schema: Schema, appliedDirectives: Bool = false) -> String {
        let printer = Applied(isOn: appliedDirectives)
        let own = printer(type.appliedDirectives)
        switch type {
        case .scalar(let scalar):
            var text = description(scalar.description) + "scalar \(scalar.name)"
            if let url = scalar.specifiedByURL {
                text += " @specifiedBy(url: \(Printer.printString(url)))"
            }
            return text + own
        case .object(let object):
            return description(object.description) + "type \(object.name)"
                + implements(object.interfaces) + own + fields(object.fields, schema, printer)
        case .interface(let interface):
            return description(interface.description) + "interface \(interface.name)"
                + implements(interface.interfaces) + own + fields(interface.fields, schema, printer)
        case .union(let union):
            let members = union.members.isEmpty
                ? "" : " = " + union.members.joined(separator: " | ")
            return description(union.description) + "union \(union.name)" + own + members
        case .enumeration(let enumeration):
            let values = enumeration.values.enumerated().map { index, value in
                description(value.description, indentation: "  ", firstInBlock: index == 0)
                    + "  \(value.name)" + deprecated(value.deprecationReason) + printer(value.appliedDirectives)
            }
            return description(enumeration.description) + "enum \(enumeration.name)" + own + block(values)
        case .inputObject(let input):
            let fields = input.fields.enumerated().map { index, field in
                description(field.description, indentation: "  ", firstInBlock: index == 0)
                    + "  " + inputValue(field, schema, printer)
            }
            return description(input.description) + "input \(input.name)"
                + (input.isOneOf ? " @oneOf" : "") + own + block(fields)
        }
    }

    /// Prints applied directives when on, leaving out those the printer writes from the
    /// model (`@deprecated`, `@specifiedBy`, `@oneOf`).
    private struct Applied {
        let isOn: Bool

        func callAsFunction(_ directives: [ConstDirective]) -> String {
            guard isOn else { return "" }
            return directives.filter { !Self.modelled.contains($0.name.value) }
                .map { " " + Printer.directive($0) }.joined()
        }

        static let modelled: Set<String> = ["deprecated", "specifiedBy", "oneOf"]
    }

    private static func schemaDefinition(_ schema: Schema) -> String? {
        let roots: [(String, String?, String)] = [
            ("query", schema.queryType, "Query"), ("mutation", schema.mutationType, "Mutation"),
            ("subscription", schema.subscriptionType, "Subscription"),
        ]
        let conventional = roots.allSatisfy { $0.1 == nil || $0.1 == $0.2 }
        if schema.description == nil && conventional { return nil }
        let lines = roots.compactMap { operation, name, _ in name.map { "  \(operation): \($0)" } }
        return description(schema.description) + "schema {\n" + lines.joined(separator: "\n")
            + "\n}"
    }

    /// The SDL of one directive definition, as `printSchema` shows it.
    public static func print(_ directive: DirectiveInfo, _ schema: Schema, appliedDirectives: Bool = false) -> String {
        description(directive.description) + "directive @\(directive.name)"
            + arguments(directive.arguments, schema, Applied(isOn: appliedDirectives))
            + (directive.isRepeatable ? " repeatable" : "") + " on "
            + directive.locations.map(\.rawValue).joined(separator: " | ")
    }

    private static func implements(_ interfaces: [String]) -> String {
        interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
    }

    private static func fields(_ fields: [FieldDefinitionInfo], _ schema: Schema, _ printer: Applied) -> String {
        block(fields.enumerated().map { index, field in
            description(field.description, indentation: "  ", firstInBlock: index == 0)
                + "  \(field.name)" + arguments(field.arguments, schema, printer, indentation: "  ")
                + ": \(field.type)" + deprecated(field.deprecationReason) + printer(field.appliedDirectives)
        })
    }

    private static func block(_ items: [String]) -> String {
        items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
    }

    /// On one line when no argument has a description, else one argument per line.
    private static func arguments(
        _ arguments: [InputValueInfo], _ schema: Schema, _ printer: Applied, indentation: String = ""
    ) -> String {
        if arguments.isEmpty { return "" }
        if arguments.allSatisfy({ ($0.description ?? "").isEmpty }) {
            return "(" + arguments.map { inputValue($0, schema, printer) }.joined(separator: ", ") + ")"
        }
        let lines = arguments.enumerated().map { index, argument in
            description(argument.description, indentation: "  " + indentation, firstInBlock: index == 0)
                + "  " + indentation + inputValue(argument, schema, printer)
        }
        return "(\n" + lines.joined(separator: "\n") + "\n" + indentation + ")"
    }

    private static func inputValue(_ value: InputValueInfo, _ schema: Schema, _ printer: Applied) -> String {
        var text = "\(value.name): \(value.type)"
        if let literal = value.defaultValue,
            let printed = schema.printDefaultValue(literal, type: value.type)
        {
            text += " = \(printed)"
        }
        return text + deprecated(value.deprecationReason) + printer(value.appliedDirectives)
    }

    private static func deprecated(_ reason: String?) -> String {
        guard let reason else { return "" }
        if reason == SpecifiedDirectives.defaultDeprecationReason { return " @deprecated" }
        return " @deprecated(reason: \(Printer.printString(reason)))"
    }

    /// A description above a definition: a block string when it can be one.
    private static func description(
        _ text: String?, indentation: String = "", firstInBlock: Bool = true
    ) -> String {
        guard let text else { return "" }
        let printed = Printer.isPrintableAsBlockString(text)
            ? Printer.printBlockString(text) : Printer.printString(text)
        let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
        return prefix + printed.replacingNewlines(with: "\n" + indentation) + "\n"
    }
}

extension String {
    fileprivate func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
