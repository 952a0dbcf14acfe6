import Testing

@testable import GraphQL

@Suite("Coercing external input values")
struct CoercionInputValueTests {
    private let schema = CoercionFixtures.schema

    private func coerce(_ value: Value, _ type: TypeReference) -> Result<Value, InputCoercionError> {
        Result { () throws(InputCoercionError) in try InputCoercion.coerceInputValue(value, to: type, schema: schema) }
    }

    /// Every problem, as graphql-js words them for a variable named `input`.
    private func problems(_ value: Value, _ type: TypeReference) -> [String] {
        var sink = InputErrorSink(limit: 50)
        var path: [PathComponent] = []
        _ = InputCoercion.coerceValue(value, to: type, schema: schema, path: &path, errors: &sink)
        return sink.errors.map { $0.message(forVariable: "input") }
    }

    private let line: Value = .object(["productId": .int(5), "quantity": .int(2)])

    @Test("a single value stands for a list of one")
    func listOfOne() {
        #expect(coerce(.int(1), .list(.named("Int"))) == .success(.list([.int(1)])))
        #expect(coerce(.int(1), .list(.list(.named("Int")))) == .success(.list([.list([.int(1)])])))
        #expect(coerce(.list([.int(1), .null]), .list(.named("Int"))) == .success(.list([.int(1), .null])))
        #expect(coerce(.null, .list(.named("Int"))) == .success(.null))
    }

    @Test("null is refused where the type is non-null, at any depth")
    func nonNull() {
        #expect(problems(.null, .nonNull(.named("Int")))
            == [#"Variable "$input" got invalid value null; Expected non-nullable type "Int!" not to be null."#])
        #expect(problems(.list([.int(1), .null]), .list(.nonNull(.named("Int"))))
            == [#"Variable "$input" got invalid value null at "input[1]"; Expected non-nullable type "Int!" not to be null."#])
    }

    @Test("input objects coerce their fields and fill in defaults, but not over null")
    func objects() {
        let coerced = coerce(.object(["items": .list([line]), "color": .string("BLUE")]), .named("OrderInput"))
        #expect(coerced == .success(.object([
            "items": .list([.object(["productId": .string("5"), "quantity": .int(2), "size": .int(1)])]),
            "color": .string("BLUE"),
        ])))
        let withNull = coerce(.object(["items": .list([]), "color": .null]), .named("OrderInput"))
        #expect(withNull == .success(.object(["items": .list([]), "color": .null])))
    }

    @Test("absent optional fields stay absent, and null stays null")
    func absentVersusNull() throws {
        let coerced = try InputCoercion.coerceInputValue(
            .object(["productId": .string("p"), "quantity": .int(1), "note": .null]), to: .named("LineInput"),
            schema: schema)
        guard case .object(let object) = coerced else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["productId", "quantity", "note", "size"])
        #expect(object["note"] == .null)
        #expect(object["tags"] == nil)
    }

    @Test("a missing required field is reported on the object")
    func requiredField() {
        #expect(problems(.object(["items": .list([.object(["productId": .int(1)])])]), .named("OrderInput"))
            == [#"Variable "$input" got invalid value { productId: 1 } at "input.items[0]"; Field "quantity" of required type "Int!" was not provided."#])
    }

    @Test("an unknown field is reported with suggestions")
    func unknownField() {
        #expect(problems(.object(["productId": .int(1), "quantity": .int(1), "quantty": .int(2)]), .named("LineInput"))
            == [#"Variable "$input" got invalid value { productId: 1, quantity: 1, quantty: 2 }; Field "quantty" is not defined by type "LineInput". Did you mean "quantity"?"#])
        #expect(problems(.object(["items": .list([]), "zzz": .null]), .named("OrderInput"))
            == [#"Variable "$input" got invalid value { items: [], zzz: null }; Field "zzz" is not defined by type "OrderInput"."#])
    }

    @Test("a non-object for an input object is refused")
    func notAnObject() {
        #expect(problems(.string("x"), .named("LineInput"))
            == [#"Variable "$input" got invalid value "x"; Expected type "LineInput" to be an object."#])
    }

    @Test("the path names list indices and fields down to the bad value")
    func deepPath() {
        let items: Value = .list([line, line, .object(["productId": .int(3), "quantity": .float(1.5)])])
        #expect(problems(.object(["items": items]), .named("OrderInput"))
            == [#"Variable "$input" got invalid value 1.5 at "input.items[2].quantity"; Int cannot represent non-integer value: 1.5"#])
        #expect(coerce(.object(["items": items]), .named("OrderInput"))
            == .failure(InputCoercionError(
                path: [.key("items"), .index(2), .key("quantity")], invalidValue: .float(1.5),
                reason: "Int cannot represent non-integer value: 1.5")))
    }

    @Test("the default message reads as graphql-js's coerceInputValue")
    func defaultMessage() {
        let error = InputCoercionError(path: [.key("a"), .index(0)], invalidValue: .int(1), reason: "Bad.")
        #expect(error.message == #"Invalid value 1 at "value.a[0]": Bad."#)
    }

    @Test("all problems in one value are found")
    func manyProblems() {
        let value: Value = .object(["items": .list([.object(["quantity": .string("2")])]), "color": .string("PINK")])
        #expect(problems(value, .named("OrderInput")) == [
            #"Variable "$input" got invalid value { quantity: "2" } at "input.items[0]"; Field "productId" of required type "ID!" was not provided."#,
            #"Variable "$input" got invalid value "2" at "input.items[0].quantity"; Int cannot represent non-integer value: "2""#,
            #"Variable "$input" got invalid value "PINK" at "input.color"; Value "PINK" does not exist in "Color" enum."#,
        ])
    }

    @Test("enums take a string naming a value")
    func enums() {
        #expect(coerce(.string("GREEN"), .named("Color")) == .success(.string("GREEN")))
        #expect(problems(.string("green"), .named("Color"))
            == [#"Variable "$input" got invalid value "green"; Value "green" does not exist in "Color" enum. Did you mean the enum value "GREEN" or "RED"?"#])
        #expect(problems(.int(1), .named("Color"))
            == [#"Variable "$input" got invalid value 1; Enum "Color" cannot represent non-string value: 1."#])
    }

    @Test("custom scalars use their coercion, or pass through without one")
    func customScalars() {
        #expect(coerce(.string("2026-01-01T10:00:00Z"), .named("DateTime")) == .success(.string("2026-01-01T10:00:00Z")))
        #expect(problems(.string("yesterday"), .named("DateTime"))
            == [#"Variable "$input" got invalid value "yesterday"; DateTime cannot represent "yesterday""#])
        let anything: Value = .object(["deep": .list([.null, .float(0.5)])])
        #expect(coerce(anything, .named("JSON")) == .success(anything))
    }

    @Test("@oneOf takes exactly one key, and its value must not be null")
    func oneOf() {
        #expect(coerce(.object(["name": .string("soup")]), .named("Lookup")) == .success(.object(["name": .string("soup")])))
        #expect(problems(.object([:]), .named("Lookup"))
            == [#"Variable "$input" got invalid value {}; Exactly one key must be specified for OneOf type "Lookup"."#])
        #expect(problems(.object(["id": .int(1), "name": .string("x")]), .named("Lookup"))
            == [#"Variable "$input" got invalid value { id: 1, name: "x" }; Exactly one key must be specified for OneOf type "Lookup"."#])
        #expect(problems(.object(["id": .null]), .named("Lookup"))
            == [#"Variable "$input" got invalid value null at "input.id"; Field "id" must be non-null."#])
    }

    @Test("a type the schema lacks is an error, not a crash")
    func unknownType() {
        #expect(problems(.int(1), .named("Nope")) == [#"Variable "$input" got invalid value 1; Expected type "Nope"."#])
        #expect(problems(.int(1), .named("Query")) == [#"Variable "$input" got invalid value 1; Expected type "Query"."#])
    }

    @Test("random values coerce or fail with a path that exists in them, never crash")
    func randomValues() {
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        func randomValue(depth: Int) -> Value {
            let keys = ["items", "productId", "quantity", "note", "size", "color", "tags", "id", "name", "x"]
            switch next() % (depth > 3 ? 6 : 8) {
            case 0: return .null
            case 1: return .bool(next() % 2 == 0)
            case 2: return .int(next() % 5 - 1)
            case 3: return .float(Double(next() % 7) / 2)
            case 4: return .string(["RED", "p", "2026-01-01T00:00Z", ""][next() % 4])
            case 5: return .int(Int(Int32.max) + next() % 2)
            case 6: return .list((0..<(next() % 4)).map { _ in randomValue(depth: depth + 1) })
            default:
                return .object(ObjectValue((0..<(next() % 4)).map { _ in (keys[next() % keys.count], randomValue(depth: depth + 1)) }))
            }
        }
        func exists(_ path: [PathComponent], in value: Value) -> Bool {
            guard let first = path.first else { return true }
            switch (first, value) {
            case (.key(let key), .object(let object)): return object[key].map { exists(Array(path.dropFirst()), in: $0) } ?? (path.count == 1)
            case (.index(let index), .list(let items)): return items.indices.contains(index) && exists(Array(path.dropFirst()), in: items[index])
            default: return false
            }
        }
        let types: [TypeReference] = [
            .named("OrderInput"), .nonNull(.named("LineInput")), .list(.named("Lookup")), .named("Color"),
            .list(.nonNull(.named("Int"))), .named("ID"), .named("DateTime"),
        ]
        var successes = 0
        for round in 0..<3000 {
            let value = randomValue(depth: 0)
            switch coerce(value, types[round % types.count]) {
            case .success: successes += 1
            case .failure(let error): #expect(exists(error.path, in: value), "\(error.message)")
            }
        }
        #expect(successes > 0)
    }

    @Test("long and deep values are shown shortened, as graphql-js shows them")
    func shortenedValues() {
        let long: Value = .list((1...12).map { .int($0) })
        #expect(problems(long, .named("Int"))
            == [#"Variable "$input" got invalid value [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 2 more items]; Int cannot represent non-integer value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 2 more items]"#])
        let deep: Value = .object(["a": .object(["b": .object(["c": .int(1)]), "l": .list([.list([.int(1)])])])])
        #expect(ValueDescriptions.inspect(deep) == "{ a: { b: [Object], l: [Array] } }")
        #expect(ValueDescriptions.inspect(.list([.int(1), .int(2), .int(3), .int(4), .int(5), .int(6), .int(7), .int(8), .int(9), .int(10), .int(11)]))
            == "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 1 more item]")
        #expect(ValueDescriptions.inspect(nil) == "undefined")
    }
}
