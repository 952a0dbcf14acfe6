@testable import GraphQL

/// A small schema built by hand for the coercion tests:
///
/// ```graphql
/// scalar DateTime   # with a coercion: input must be a string containing "T"
/// scalar JSON       # no coercion: passes through
/// enum Color { RED GREEN BLUE }
/// input LineInput { productId: ID!  quantity: Int!  note: String  size: Int = 1 }
/// input OrderInput { items: [LineInput!]!  color: Color = RED  tags: [String]  when: DateTime  extra: JSON }
/// input Lookup @oneOf { id: ID  name: String }
/// type Query { order(input: OrderInput!): Int }
/// ```
enum CoercionFixtures {
    static let here = Location(start: 0, end: 0)

    static let dateTime = ScalarType(
        name: "DateTime",
        coercion: ScalarCoercion(
            parseValue: { value throws(CoercionFailure) in
                guard case .string(let text) = value, text.contains("T") else {
                    throw CoercionFailure("DateTime cannot represent \(JSONWriter.text(value))")
                }
                return value
            },
            parseLiteral: { value throws(CoercionFailure) in
                guard case .string(let text) = value, text.contains("T") else {
                    throw CoercionFailure("DateTime literal must be a date")
                }
                return value
            },
            serialize: { value throws(CoercionFailure) in
                guard case .string = value else { throw CoercionFailure("DateTime must be a string") }
                return value
            }))

    static let color = EnumType(
        name: "Color", values: [EnumValueInfo(name: "RED"), EnumValueInfo(name: "GREEN"), EnumValueInfo(name: "BLUE")])

    static let lineInput = InputObjectType(
        name: "LineInput",
        fields: [
            InputValueInfo(name: "productId", type: .nonNull(.named("ID"))),
            InputValueInfo(name: "quantity", type: .nonNull(.named("Int"))),
            InputValueInfo(name: "note", type: .named("String")),
            InputValueInfo(name: "size", type: .named("Int"), defaultValue: constant(.int("1"))),
        ])

    static let orderInput = InputObjectType(
        name: "OrderInput",
        fields: [
            InputValueInfo(name: "items", type: .nonNull(.list(.nonNull(.named("LineInput"))))),
            InputValueInfo(name: "color", type: .named("Color"), defaultValue: constant(.enumValue("RED"))),
            InputValueInfo(name: "tags", type: .list(.named("String"))),
            InputValueInfo(name: "when", type: .named("DateTime")),
            InputValueInfo(name: "extra", type: .named("JSON")),
        ])

    static let lookup = InputObjectType(
        name: "Lookup",
        fields: [InputValueInfo(name: "id", type: .named("ID")), InputValueInfo(name: "name", type: .named("String"))],
        isOneOf: true)

    static let query = ObjectType(
        name: "Query",
        fields: [
            FieldDefinitionInfo(
                name: "order", arguments: [InputValueInfo(name: "input", type: .nonNull(.named("OrderInput")))],
                type: .named("Int"))
        ])

    static let schema = Schema(
        queryType: "Query",
        types: [
            .object(query), .inputObject(orderInput), .inputObject(lineInput), .inputObject(lookup),
            .enumeration(color), .scalar(dateTime), .scalar(ScalarType(name: "JSON")),
        ] + BuiltInScalars.names.map { .scalar(ScalarType(name: $0)) },
        directives: [])

    // MARK: Literals by hand (the parser is another helper's work)

    static func constant(_ kind: ConstValueNode.Kind) -> ConstValueNode { ConstValueNode(kind, location: here) }

    static func literal(_ kind: ValueNode.Kind, at offset: Int = 0) -> ValueNode {
        ValueNode(kind, location: Location(start: offset, end: offset))
    }

    static func int(_ text: String) -> ValueNode { literal(.int(text)) }
    static func float(_ text: String) -> ValueNode { literal(.float(text)) }
    static func string(_ text: String) -> ValueNode { literal(.string(text, isBlock: false)) }
    static func enumValue(_ name: String) -> ValueNode { literal(.enumValue(name)) }
    static func list(_ items: [ValueNode]) -> ValueNode { literal(.list(items)) }
    static let null = literal(.null)

    static func variable(_ name: String, at offset: Int = 0) -> ValueNode {
        let location = Location(start: offset, end: offset + name.utf8.count + 1)
        return ValueNode(.variable(Variable(name: Name(name, location: location), location: location)), location: location)
    }

    static func object(_ fields: KeyValuePairs<String, ValueNode>) -> ValueNode {
        literal(.object(fields.map { ObjectFieldNode(name: Name($0.key, location: here), value: $0.value, location: here) }))
    }

    static func argument(_ name: String, _ value: ValueNode) -> Argument {
        Argument(name: Name(name, location: here), value: value, location: here)
    }

    /// A variable definition `$name: type = default`, located at `offset`.
    static func definition(
        _ name: String, _ type: TypeNode, default defaultValue: ConstValueNode? = nil, at offset: Int = 0
    ) -> VariableDefinition {
        let location = Location(start: offset, end: offset + 1)
        return VariableDefinition(
            description: nil, variable: Variable(name: Name(name, location: location), location: location), type: type,
            defaultValue: defaultValue, directives: [], location: location)
    }

    static func named(_ name: String, at offset: Int = 0) -> TypeNode {
        .named(Name(name, location: Location(start: offset, end: offset + name.utf8.count)))
    }
    static func nonNull(_ type: TypeNode) -> TypeNode { .nonNull(type, location: type.location) }
    static func listType(_ type: TypeNode) -> TypeNode { .list(type, location: type.location) }
}
