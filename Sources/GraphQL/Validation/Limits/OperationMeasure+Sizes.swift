/// How many items a list may hold, and what a field and its arguments weigh.
extension OperationMeasure {
    /// A list's size. `guessed`: it comes from a variable whose value is not known here and
    /// counts as the largest the field allows (its `assumedSize`).
    struct ListSizeValue: Hashable {
        var value: Int
        var guessed: Bool
    }

    /// The size a connection-like field gives the lists of its type named `fields`.
    struct Sizing: Hashable {
        let fields: [String]
        let size: ListSizeValue

        /// Tells apart the places a fragment is measured in.
        var memoKey: String { fields.joined(separator: ",") + "=\(size.value)" + (size.guessed ? "?" : "") }
    }

    /// The size `@listSize` gives a field as the operation asks for it: the largest of the
    /// slicing arguments it is given (a variable's value, else the argument's default),
    /// else `assumedSize`, else the default list size. A slicing argument from a variable
    /// whose value is not known counts as `assumedSize`. Reports a field that breaks
    /// `requireOneSlicingArgument` (measured without variable values only, once).
    mutating func expectedSize(
        _ listSize: CostDirectives.ListSize, of field: Field, _ definition: FieldDefinitionInfo
    ) -> ListSizeValue {
        let fallback = listSize.assumedSize ?? limits.defaultListSize
        var known: Int?
        var unknown = false
        var given: [String] = []
        for name in listSize.slicingArguments {
            guard let argument = definition.argument(named: name) else { continue }
            let value = field.arguments.first { $0.name.value == name }?.value
            switch value?.kind {
            case .int(let text)?:
                given.append(name)
                known = max(known ?? 0, Int(text).map { max(0, $0) } ?? .max)
            case .variable(let variable)?:
                given.append(name)
                guard let variables else {
                    unknown = true
                    continue
                }
                if case .int(let number)? = variables[variable.name.value] {
                    known = max(known ?? 0, max(0, number))
                } else if let number = Self.intDefault(argument) {
                    known = max(known ?? 0, number)
                }
            default:
                // Absent or null: the default, as a resolver sees it.
                if let number = Self.intDefault(argument) {
                    given.append(name)
                    known = max(known ?? 0, number)
                }
            }
        }
        if listSize.requireOneSlicingArgument, !listSize.slicingArguments.isEmpty, given.count != 1,
            variables == nil
        {
            slicingErrors.append(error(Self.slicingMessage(field, listSize, given: given), [field.location.start]))
        }
        if unknown, fallback > known ?? -1 { return ListSizeValue(value: fallback, guessed: true) }
        return ListSizeValue(value: known ?? fallback, guessed: false)
    }

    private static func intDefault(_ argument: InputValueInfo) -> Int? {
        guard case .int(let text)? = argument.defaultValue?.kind, let number = Int(text) else { return nil }
        return max(0, number)
    }

    private static func slicingMessage(
        _ field: Field, _ listSize: CostDirectives.ListSize, given: [String]
    ) -> String {
        let names = listSize.slicingArguments.map { "\"\($0)\"" }.joined(separator: ", ")
        let found = given.isEmpty ? "none" : given.map { "\"\($0)\"" }.joined(separator: " and ")
        return "Field \"\(field.name.value)\" must be given exactly one of its slicing arguments "
            + "(\(names)), which say how many items it returns; it was given \(found)."
    }

    /// A field's own weight: its `@cost`, else its type's, else 1 for an object, interface
    /// or union and 0 for a scalar or enum.
    func weight(of field: Field, _ definition: FieldDefinitionInfo, on parentType: String) -> Double {
        let typeName = definition.type.namedType
        if let weight = schema.cost.weight(ofField: field.name.value, on: parentType)
            ?? schema.cost.weight(ofType: typeName)
        {
            return weight
        }
        return schema[typeName]?.isComposite == true ? 1 : 0
    }

    /// The weights of the arguments given to a field and to the directives on it: each one
    /// given a value other than null adds its `@cost` (else its scalar or enum type's), and
    /// an input object literal adds its fields' the same way, however deep. A variable adds
    /// its argument's weight only: its value is not looked into.
    func argumentsCost(of field: Field, _ definition: FieldDefinitionInfo, on parentType: String) -> Double {
        var total = 0.0
        for argument in field.arguments {
            guard let input = definition.argument(named: argument.name.value) else { continue }
            let own = schema.cost.weight(ofArgument: input.name, field: field.name.value, on: parentType)
            total += inputCost(argument.value, type: input.type, weight: own)
        }
        for directive in field.directives {
            guard let definition = schema.directives[directive.name.value] else { continue }
            for argument in directive.arguments {
                guard let input = definition.argument(named: argument.name.value) else { continue }
                let own = schema.cost.weight(ofArgument: input.name, directive: definition.name)
                total += inputCost(argument.value, type: input.type, weight: own)
            }
        }
        return total
    }

    /// What a value given for an input of `type` weighs, the input's own `@cost` being `weight`.
    private func inputCost(_ value: ValueNode, type: TypeReference, weight: Double?) -> Double {
        if case .null = value.kind { return 0 }
        let typeName = type.namedType
        var total = weight ?? schema.cost.weight(ofType: typeName) ?? 0
        switch value.kind {
        case .list(let items):
            var itemType = type.nullable
            if case .list(let inner) = itemType { itemType = inner }
            for item in items { total += inputCost(item, type: itemType, weight: 0) }
        case .object(let fields):
            guard case .inputObject(let input)? = schema[typeName] else { break }
            for given in fields {
                guard let definition = input.field(named: given.name.value) else { continue }
                total += inputCost(
                    given.value, type: definition.type,
                    weight: schema.cost.weight(ofInputField: definition.name, on: typeName))
            }
        default:
            break
        }
        return total
    }
}
