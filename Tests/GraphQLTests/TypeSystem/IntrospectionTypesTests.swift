import Testing
@testable import GraphQL

/// The introspection types' shape (their full text is checked against graphql-core by
/// `SchemaPrinterTests`' golden file).
struct IntrospectionTypesTests {
    @Test("the eight introspection types are defined with graphql-js's names")
    func eightTypes() {
        #expect(IntrospectionTypes.all.map(\.name) == [
            "__Schema", "__Directive", "__DirectiveLocation", "__Type", "__Field",
            "__InputValue", "__EnumValue", "__TypeKind",
        ])
        #expect(IntrospectionTypes.isIntrospectionType("__Type"))
        #expect(!IntrospectionTypes.isIntrospectionType("Query"))
    }

    @Test("__Type has the September 2025 fields, isOneOf last")
    func typeFields() {
        #expect(IntrospectionTypes.type.fields?.map(\.name) == [
            "kind", "name", "description", "specifiedByURL", "fields", "interfaces",
            "possibleTypes", "enumValues", "inputFields", "ofType", "isOneOf",
        ])
        let fields = IntrospectionTypes.type.field(named: "fields")
        #expect(fields?.argument(named: "includeDeprecated")?.type == .named("Boolean"))
        #expect(fields?.argument(named: "includeDeprecated")?.defaultValue?.kind == .boolean(false))
    }

    @Test("arguments and input values can be deprecated and filtered")
    func deprecatedInputValues() {
        #expect(IntrospectionTypes.inputValue.fields?.map(\.name) == [
            "name", "description", "type", "defaultValue", "isDeprecated", "deprecationReason",
        ])
        #expect(IntrospectionTypes.field.field(named: "args")?.arguments.map(\.name) == ["includeDeprecated"])
        #expect(IntrospectionTypes.directive.field(named: "args")?.arguments.map(\.name) == ["includeDeprecated"])
        #expect(IntrospectionTypes.directive.field(named: "isRepeatable")?.type == .nonNull(.named("Boolean")))
        #expect(IntrospectionTypes.schema.field(named: "description")?.type == .named("String"))
    }

    @Test("__DirectiveLocation lists every location, __TypeKind every kind")
    func enums() {
        guard case .enumeration(let locations) = IntrospectionTypes.directiveLocation,
            case .enumeration(let kinds) = IntrospectionTypes.typeKind
        else {
            Issue.record("not enums")
            return
        }
        #expect(locations.values.map(\.name) == DirectiveLocation.allCases.map(\.rawValue))
        #expect(kinds.values.map(\.name) == [
            "SCALAR", "OBJECT", "INTERFACE", "UNION", "ENUM", "INPUT_OBJECT", "LIST", "NON_NULL",
        ])
    }
}
