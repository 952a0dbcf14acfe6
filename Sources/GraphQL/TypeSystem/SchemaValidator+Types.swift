extension SchemaValidationContext {
    mutating func validateTypes() {
        var cycles = InputObjectCycleFinder()
        for name in schema.typeNames {
            guard let type = schema[name] else { continue }
            if !IntrospectionTypes.isIntrospectionType(name) {
                validateName(name, nodes?.typeDefinition(name)?.location)
            }
            switch type {
            case .object(let object):
                validateFields(object.name, object.fields)
                validateInterfaces(object.name, object.interfaces, fields: object.fields)
            case .interface(let interface):
                validateFields(interface.name, interface.fields)
                validateInterfaces(interface.name, interface.interfaces, fields: interface.fields)
            case .union(let union):
                validateUnionMembers(union)
            case .enumeration(let enumeration):
                validateEnumValues(enumeration)
            case .inputObject(let input):
                validateInputFields(input)
                cycles.check(input, in: &self)
            case .scalar:
                break
            }
        }
    }

    /// The definition and extensions of a type, for "define one or more" errors.
    func allLocations(_ typeName: String) -> [Location?] {
        nodes?.typeNodes(typeName).map(\.location) ?? []
    }

    mutating func validateFields(_ typeName: String, _ fields: [FieldDefinitionInfo]) {
        if fields.isEmpty {
            report("Type \(typeName) must define one or more fields.", allLocations(typeName))
        }
        for field in fields {
            let fieldNode = nodes?.field(typeName, field.name)
            validateName(field.name, fieldNode?.location)
            if !schema.isOutputType(field.type) {
                report(
                    "The type of \(typeName).\(field.name) must be Output Type but got: "
                        + "\(field.type).", [fieldNode?.type.location])
            }
            for argument in field.arguments {
                let argumentNode = nodes?.argument(typeName, field.name, argument.name)
                validateName(argument.name, argumentNode?.location)
                if !schema.isInputType(argument.type) {
                    report(
                        "The type of \(typeName).\(field.name)(\(argument.name):) must be Input "
                            + "Type but got: \(argument.type).", [argumentNode?.type.location])
                }
                if argument.isRequired, argument.deprecationReason != nil {
                    report(
                        "Required argument \(typeName).\(field.name)(\(argument.name):) cannot "
                            + "be deprecated.",
                        [argumentNode?.deprecatedDirective?.location, argumentNode?.type.location])
                }
            }
        }
    }

    mutating func validateUnionMembers(_ union: UnionType) {
        if union.members.isEmpty {
            report(
                "Union type \(union.name) must define one or more member types.",
                allLocations(union.name))
        }
        var included: Set<String> = []
        for member in union.members {
            let memberNodes = nodes?.memberNames(union.name, member).map(\.location) ?? []
            if included.contains(member) {
                report("Union type \(union.name) can only include type \(member) once.", memberNodes)
                continue
            }
            included.insert(member)
            if case .object? = schema[member] { continue }
            report(
                "Union type \(union.name) can only include Object types, it cannot include "
                    + "\(member).", memberNodes)
        }
    }

    mutating func validateEnumValues(_ enumeration: EnumType) {
        if enumeration.values.isEmpty {
            report(
                "Enum type \(enumeration.name) must define one or more values.",
                allLocations(enumeration.name))
        }
        for value in enumeration.values {
            let valueNode = nodes?.enumValue(enumeration.name, value.name)
            validateName(value.name, valueNode?.location)
            if ["true", "false", "null"].contains(value.name) {
                report(
                    "Enum type \(enumeration.name) cannot include value: \(value.name).",
                    [valueNode?.location])
            }
        }
    }

    mutating func validateInputFields(_ input: InputObjectType) {
        if input.fields.isEmpty {
            report(
                "Input Object type \(input.name) must define one or more fields.",
                allLocations(input.name))
        }
        for field in input.fields {
            let fieldNode = nodes?.inputField(input.name, field.name)
            validateName(field.name, fieldNode?.location)
            if !schema.isInputType(field.type) {
                report(
                    "The type of \(input.name).\(field.name) must be Input Type but got: "
                        + "\(field.type).", [fieldNode?.type.location])
            }
            if field.isRequired, field.deprecationReason != nil {
                report(
                    "Required input field \(input.name).\(field.name) cannot be deprecated.",
                    [fieldNode?.deprecatedDirective?.location, fieldNode?.type.location])
            }
            if input.isOneOf {
                if field.type.isNonNull {
                    report(
                        "OneOf input field \(input.name).\(field.name) must be nullable.",
                        [fieldNode?.type.location])
                }
                if field.defaultValue != nil {
                    report(
                        "OneOf input field \(input.name).\(field.name) cannot have a default "
                            + "value.", [fieldNode?.location])
                }
            }
        }
    }
}

/// Finds input objects that contain themselves through non-null fields (section 3.10:
/// such a value could never be written). A depth-first search that reports every cycle
/// once, as graphql-js does — with an explicit stack, so that a long chain of input types
/// cannot exhaust the call stack.
struct InputObjectCycleFinder {
    private var visited: Set<String> = []
    /// The non-null input-object fields on the current path: (type name, field).
    private var path: [(typeName: String, field: InputValueInfo)] = []
    private var pathIndex: [String: Int] = [:]

    mutating func check(_ root: InputObjectType, in context: inout SchemaValidationContext) {
        if visited.contains(root.name) { return }
        var frames: [(type: InputObjectType, next: Int)] = []
        enter(root, &frames)
        while let (type, next) = frames.last {
            guard next < type.fields.count else {
                pathIndex[type.name] = nil
                frames.removeLast()
                if !frames.isEmpty { path.removeLast() }
                continue
            }
            frames[frames.count - 1].next += 1
            let field = type.fields[next]
            guard case .nonNull(.named(let target)) = field.type,
                case .inputObject(let targetType)? = context.schema[target]
            else { continue }
            path.append((type.name, field))
            if let cycleStart = pathIndex[target] {
                let cycle = path[cycleStart...]
                let names = cycle.map(\.field.name).joined(separator: ".")
                context.report(
                    "Cannot reference Input Object \"\(target)\" within itself through a series "
                        + "of non-null fields: \"\(names)\".",
                    cycle.map { context.nodes?.inputField($0.typeName, $0.field.name)?.location })
                path.removeLast()
            } else if visited.contains(target) {
                path.removeLast()
            } else {
                enter(targetType, &frames)
            }
        }
    }

    private mutating func enter(
        _ type: InputObjectType, _ frames: inout [(type: InputObjectType, next: Int)]
    ) {
        visited.insert(type.name)
        pathIndex[type.name] = path.count
        frames.append((type, 0))
    }
}
