import Testing

@testable import GraphQL

@Suite("Built-in scalars")
struct CoercionBuiltInScalarsTests {
    private func serialized(_ value: Value, _ type: String) -> Result<Value, CoercionFailure> {
        Result { () throws(CoercionFailure) in try BuiltInScalars.serialize(value, typeName: type) }
    }

    private func parsed(_ value: Value, _ type: String) -> Result<Value, CoercionFailure> {
        Result { () throws(CoercionFailure) in try BuiltInScalars.parseValue(value, typeName: type) }
    }

    private func literal(_ node: ValueNode, _ type: String) -> Result<Value, CoercionFailure> {
        Result { () throws(CoercionFailure) in try BuiltInScalars.parseLiteral(node, typeName: type) }
    }

    private func failure(_ message: String) -> Result<Value, CoercionFailure> { .failure(CoercionFailure(message)) }

    // MARK: Int

    @Test("Int output takes integral numbers in 32-bit range, booleans and numeric strings")
    func intOutput() {
        #expect(serialized(.int(7), "Int") == .success(.int(7)))
        #expect(serialized(.float(3.0), "Int") == .success(.int(3)))
        #expect(serialized(.bool(true), "Int") == .success(.int(1)))
        #expect(serialized(.string("12"), "Int") == .success(.int(12)))
        #expect(serialized(.string(" 0x10 "), "Int") == .success(.int(16)))
        #expect(serialized(.int(2147483648), "Int")
            == failure("Int cannot represent non 32-bit signed integer value: 2147483648"))
        #expect(serialized(.int(-2147483649), "Int")
            == failure("Int cannot represent non 32-bit signed integer value: -2147483649"))
        #expect(serialized(.float(1.5), "Int") == failure("Int cannot represent non-integer value: 1.5"))
        #expect(serialized(.string("abc"), "Int") == failure("Int cannot represent non-integer value: \"abc\""))
        #expect(serialized(.string(""), "Int") == failure("Int cannot represent non-integer value: \"\""))
        #expect(serialized(.list([.int(1)]), "Int") == failure("Int cannot represent non-integer value: [1]"))
        #expect(serialized(.null, "Int") == failure("Int cannot represent non-integer value: null"))
    }

    @Test("Int input takes integers and integral floats in 32-bit range")
    func intInput() {
        #expect(parsed(.int(-2147483648), "Int") == .success(.int(-2147483648)))
        #expect(parsed(.float(1.0), "Int") == .success(.int(1)))
        #expect(parsed(.float(1.5), "Int") == failure("Int cannot represent non-integer value: 1.5"))
        #expect(parsed(.int(2147483648), "Int") == failure("Int cannot represent non 32-bit signed integer value: 2147483648"))
        #expect(parsed(.float(1e100), "Int") == failure("Int cannot represent non 32-bit signed integer value: 1e+100"))
        #expect(parsed(.string("1"), "Int") == failure("Int cannot represent non-integer value: \"1\""))
        #expect(parsed(.bool(true), "Int") == failure("Int cannot represent non-integer value: true"))
        #expect(parsed(.object(["a": .int(1)]), "Int") == failure("Int cannot represent non-integer value: { a: 1 }"))
    }

    @Test("Int literals must be integer literals in range")
    func intLiteral() {
        #expect(literal(CoercionFixtures.int("-5"), "Int") == .success(.int(-5)))
        #expect(literal(CoercionFixtures.float("1.0"), "Int") == failure("Int cannot represent non-integer value: 1.0"))
        #expect(literal(CoercionFixtures.string("1"), "Int") == failure("Int cannot represent non-integer value: \"1\""))
        #expect(literal(CoercionFixtures.int("2147483648"), "Int")
            == failure("Int cannot represent non 32-bit signed integer value: 2147483648"))
        #expect(literal(CoercionFixtures.int("99999999999999999999"), "Int")
            == failure("Int cannot represent non 32-bit signed integer value: 99999999999999999999"))
    }

    // MARK: Float

    @Test("Float output takes finite numbers, booleans and numeric strings")
    func floatOutput() {
        #expect(serialized(.int(2), "Float") == .success(.float(2)))
        #expect(serialized(.float(2.5), "Float") == .success(.float(2.5)))
        #expect(serialized(.bool(false), "Float") == .success(.float(0)))
        #expect(serialized(.string("-1.5e2"), "Float") == .success(.float(-150)))
        #expect(serialized(.float(.nan), "Float") == failure("Float cannot represent non numeric value: NaN"))
        #expect(serialized(.float(.infinity), "Float") == failure("Float cannot represent non numeric value: Infinity"))
        #expect(serialized(.string("one"), "Float") == failure("Float cannot represent non numeric value: \"one\""))
    }

    @Test("Float input takes ints and floats; literals may be Int or Float")
    func floatInput() {
        #expect(parsed(.int(3), "Float") == .success(.float(3)))
        #expect(parsed(.float(0.25), "Float") == .success(.float(0.25)))
        #expect(parsed(.string("1"), "Float") == failure("Float cannot represent non numeric value: \"1\""))
        #expect(literal(CoercionFixtures.int("4"), "Float") == .success(.float(4)))
        #expect(literal(CoercionFixtures.float("1.5e3"), "Float") == .success(.float(1500)))
        #expect(literal(CoercionFixtures.string("1.5"), "Float") == failure("Float cannot represent non numeric value: \"1.5\""))
    }

    // MARK: String, Boolean, ID

    @Test("String output turns booleans and numbers into text")
    func stringOutput() {
        #expect(serialized(.string("a"), "String") == .success(.string("a")))
        #expect(serialized(.bool(true), "String") == .success(.string("true")))
        #expect(serialized(.int(-3), "String") == .success(.string("-3")))
        #expect(serialized(.float(1.0), "String") == .success(.string("1")))
        #expect(serialized(.float(0.5), "String") == .success(.string("0.5")))
        #expect(serialized(.list([]), "String") == failure("String cannot represent value: []"))
        #expect(serialized(.object(ObjectValue()), "String") == failure("String cannot represent value: {}"))
    }

    @Test("String input takes only strings")
    func stringInput() {
        #expect(parsed(.string("x"), "String") == .success(.string("x")))
        #expect(parsed(.int(1), "String") == failure("String cannot represent a non string value: 1"))
        #expect(literal(CoercionFixtures.enumValue("RED"), "String") == failure("String cannot represent a non string value: RED"))
    }

    @Test("Boolean takes booleans, and numbers on output")
    func boolean() {
        #expect(serialized(.int(0), "Boolean") == .success(.bool(false)))
        #expect(serialized(.float(2.5), "Boolean") == .success(.bool(true)))
        #expect(serialized(.string("true"), "Boolean") == failure("Boolean cannot represent a non boolean value: \"true\""))
        #expect(parsed(.bool(false), "Boolean") == .success(.bool(false)))
        #expect(parsed(.int(1), "Boolean") == failure("Boolean cannot represent a non boolean value: 1"))
        #expect(literal(CoercionFixtures.literal(.boolean(true)), "Boolean") == .success(.bool(true)))
        #expect(literal(CoercionFixtures.int("1"), "Boolean") == failure("Boolean cannot represent a non boolean value: 1"))
    }

    @Test("ID takes strings and integers, and gives strings")
    func id() {
        #expect(serialized(.int(42), "ID") == .success(.string("42")))
        #expect(serialized(.string("Recipe:1"), "ID") == .success(.string("Recipe:1")))
        #expect(serialized(.float(1.5), "ID") == failure("ID cannot represent value: 1.5"))
        #expect(serialized(.bool(true), "ID") == failure("ID cannot represent value: true"))
        #expect(parsed(.int(7), "ID") == .success(.string("7")))
        #expect(parsed(.float(7.0), "ID") == .success(.string("7")))
        #expect(parsed(.float(7.5), "ID") == failure("ID cannot represent value: 7.5"))
        #expect(parsed(.null, "ID") == failure("ID cannot represent value: null"))
        #expect(literal(CoercionFixtures.int("12"), "ID") == .success(.string("12")))
        #expect(literal(CoercionFixtures.string("a"), "ID") == .success(.string("a")))
        #expect(literal(CoercionFixtures.float("1.5"), "ID")
            == failure("ID cannot represent a non-string and non-integer value: 1.5"))
    }

    @Test("other scalar names pass values through")
    func passThrough() {
        #expect(serialized(.list([.int(1)]), "JSON") == .success(.list([.int(1)])))
        #expect(parsed(.object(["a": .null]), "JSON") == .success(.object(["a": .null])))
        #expect(BuiltInScalars.isBuiltIn("ID"))
        #expect(!BuiltInScalars.isBuiltIn("DateTime"))
    }
}
