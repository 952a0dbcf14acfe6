/// The resolvers of the introspection types (section 4.2), built into the engine: the
/// application registers none, and `bind(to:)` adds these to its own.
enum IntrospectionResolvers {
    static let registrations: [FieldRegistration] = {
        var resolvers = Resolvers<Any>()
        resolvers.type("__Schema", parent: SchemaIntrospection.self) { schema in
            schema.property("description") { $0.schema.description }
            schema.property("types") { parent in
                parent.schema.typeNames.map {
                    TypeIntrospection(schema: parent.schema, type: .named($0))
                }
            }
            schema.property("queryType") { $0.rootType($0.schema.queryType) }
            schema.property("mutationType") { $0.rootType($0.schema.mutationType) }
            schema.property("subscriptionType") { $0.rootType($0.schema.subscriptionType) }
            schema.property("directives") { parent in
                parent.schema.directiveNames.compactMap { parent.schema.directives[$0] }.map {
                    DirectiveIntrospection(schema: parent.schema, directive: $0)
                }
            }
        }
        resolvers.type("__Type", parent: TypeIntrospection.self, registerType)
        resolvers.type("__Field", parent: FieldIntrospection.self) { field in
            field.property("name") { $0.field.name }
            field.property("description") { $0.field.description }
            field.field("args", reading: ["includeDeprecated"]) { parent, arguments, _ in
                parent.field.arguments.visible(arguments, in: parent.schema)
            }
            field.property("type") { TypeIntrospection(schema: $0.schema, type: $0.field.type) }
            field.property("isDeprecated") { $0.field.deprecationReason != nil }
            field.property("deprecationReason") { $0.field.deprecationReason }
        }
        resolvers.type("__InputValue", parent: InputValueIntrospection.self) { value in
            value.property("name") { $0.value.name }
            value.property("description") { $0.value.description }
            value.property("type") { TypeIntrospection(schema: $0.schema, type: $0.value.type) }
            value.property("defaultValue") { parent in
                parent.value.defaultValue.map { literal in
                    parent.schema.printDefaultValue(literal, type: parent.value.type) ?? Printer.print(literal)
                }
            }
            value.property("isDeprecated") { $0.value.deprecationReason != nil }
            value.property("deprecationReason") { $0.value.deprecationReason }
        }
        resolvers.type("__EnumValue", parent: EnumValueIntrospection.self) { value in
            value.property("name") { $0.value.name }
            value.property("description") { $0.value.description }
            value.property("isDeprecated") { $0.value.deprecationReason != nil }
            value.property("deprecationReason") { $0.value.deprecationReason }
        }
        resolvers.type("__Directive", parent: DirectiveIntrospection.self) { directive in
            directive.property("name") { $0.directive.name }
            directive.property("description") { $0.directive.description }
            directive.property("isRepeatable") { $0.directive.isRepeatable }
            directive.property("locations") { $0.directive.locations.map { $0.rawValue } }
            directive.field("args", reading: ["includeDeprecated"]) { parent, arguments, _ in
                parent.directive.arguments.visible(arguments, in: parent.schema)
            }
        }
        return resolvers.registrations
    }()

    private static func registerType(_ type: inout ObjectResolvers<TypeIntrospection, Any>) {
        type.property("kind") { parent -> String in
            switch parent.type {
            case .list: "LIST"
            case .nonNull: "NON_NULL"
            case .named: parent.named?.kindName ?? "SCALAR"
            }
        }
        type.property("name") { parent -> String? in
            if case .named(let name) = parent.type { return name }
            return nil
        }
        type.property("description") { $0.named?.description }
        type.property("specifiedByURL") { parent -> String? in
            if case .scalar(let scalar)? = parent.named { return scalar.specifiedByURL }
            return nil
        }
        type.field("fields", reading: ["includeDeprecated"]) { parent, arguments, _ -> [FieldIntrospection]? in
            guard let fields = parent.named?.fields else { return nil }
            let all = arguments.bool("includeDeprecated") ?? false
            return fields.filter { all || $0.deprecationReason == nil }.map {
                FieldIntrospection(schema: parent.schema, field: $0)
            }
        }
        type.property("interfaces") { parent -> [TypeIntrospection]? in
            let names: [String]
            switch parent.named {
            case .object(let object)?: names = object.interfaces
            case .interface(let interface)?: names = interface.interfaces
            default: return nil
            }
            return names.map { TypeIntrospection(schema: parent.schema, type: .named($0)) }
        }
        type.property("possibleTypes") { parent -> [TypeIntrospection]? in
            switch parent.named {
            case .interface(let abstract)?:
                return parent.possible(abstract.name)
            case .union(let abstract)?:
                return parent.possible(abstract.name)
            default:
                return nil
            }
        }
        type.field("enumValues", reading: ["includeDeprecated"]) { parent, arguments, _ -> [EnumValueIntrospection]? in
            guard case .enumeration(let enumeration)? = parent.named else { return nil }
            let all = arguments.bool("includeDeprecated") ?? false
            return enumeration.values.filter { all || $0.deprecationReason == nil }.map {
                EnumValueIntrospection(value: $0)
            }
        }
        type.field("inputFields", reading: ["includeDeprecated"]) { parent, arguments, _ -> [InputValueIntrospection]? in
            guard case .inputObject(let input)? = parent.named else { return nil }
            return input.fields.visible(arguments, in: parent.schema)
        }
        type.property("ofType") { parent -> TypeIntrospection? in
            switch parent.type {
            case .list(let inner), .nonNull(let inner):
                return TypeIntrospection(schema: parent.schema, type: inner)
            case .named:
                return nil
            }
        }
        type.property("isOneOf") { parent -> Bool? in
            if case .inputObject(let input)? = parent.named { return input.isOneOf }
            return nil
        }
    }
}

extension SchemaIntrospection {
    fileprivate func rootType(_ name: String?) -> TypeIntrospection? {
        name.map { TypeIntrospection(schema: schema, type: .named($0)) }
    }
}

extension TypeIntrospection {
    fileprivate func possible(_ abstract: String) -> [TypeIntrospection] {
        schema.possibleTypes(of: abstract).map {
            TypeIntrospection(schema: schema, type: .named($0))
        }
    }
}
