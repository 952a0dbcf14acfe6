// TEMPORARY: stand-ins for APIs other branches are adding; deleted when they land.
public struct JSONWriter {
    public var bytes: [UInt8] = []
    public init(capacity: Int = 1024) {}
    public mutating func writeByte(_ b: UInt8) { bytes.append(b) }
    public mutating func writeRaw(_ t: StaticString) { t.withUTF8Buffer { bytes.append(contentsOf: $0) } }
    public mutating func beginObject() { bytes.append(123) }
    public mutating func endObject() { bytes.append(125) }
    public mutating func beginArray() { bytes.append(91) }
    public mutating func endArray() { bytes.append(93) }
    public mutating func comma() { bytes.append(44) }
    public mutating func writeKey(_ k: String) { writeString(k); bytes.append(58) }
    public mutating func writeString(_ s: String) {
        bytes.append(34)
        for u in s.utf8 {
            switch u {
            case 34: bytes += [92, 34]
            case 92: bytes += [92, 92]
            case 10: bytes += [92, 110]
            case 0..<32: bytes += Array("\\u00".utf8); bytes += [hex(u >> 4), hex(u & 15)]
            default: bytes.append(u)
            }
        }
        bytes.append(34)
    }
    private func hex(_ n: UInt8) -> UInt8 { n < 10 ? 48 + n : 87 + n }
    public mutating func writeInt(_ i: Int) { bytes += Array(String(i).utf8) }
    public mutating func writeDouble(_ d: Double) { bytes += Array(String(d).utf8) }
    public mutating func writeBool(_ b: Bool) { bytes += Array((b ? "true" : "false").utf8) }
    public mutating func writeNull() { bytes += Array("null".utf8) }
    public mutating func writeValue(_ v: Value) {
        switch v {
        case .null: writeNull()
        case .bool(let b): writeBool(b)
        case .int(let i): writeInt(i)
        case .float(let d): writeDouble(d)
        case .string(let s): writeString(s)
        case .list(let l):
            bytes.append(91)
            for (i, x) in l.enumerated() { if i > 0 { bytes.append(44) }; writeValue(x) }
            bytes.append(93)
        case .object(let o):
            bytes.append(123)
            for (i, e) in o.entries.enumerated() {
                if i > 0 { bytes.append(44) }
                writeString(e.key); bytes.append(58); writeValue(e.value)
            }
            bytes.append(125)
        }
    }
}

enum BuiltInScalars {
    static func serialize(_ value: Value, typeName: String) throws(CoercionFailure) -> Value {
        switch (typeName, value) {
        case ("Int", .int(let i)):
            guard i >= Int(Int32.min), i <= Int(Int32.max) else {
                throw CoercionFailure("Int cannot represent non 32-bit signed integer value: \(i)")
            }
            return value
        case ("Float", .int(let i)): return .float(Double(i))
        case ("Float", .float), ("String", .string), ("Boolean", .bool), ("ID", .string): return value
        case ("ID", .int(let i)): return .string(String(i))
        default: throw CoercionFailure("\(typeName) cannot represent value: \(value)")
        }
    }
}

struct VariableErrors: Error { var errors: [GraphQLError] }

enum InputCoercion {
    static func coerceVariableValues(
        _ inputs: ObjectValue, definitions: [VariableDefinition], schema: Schema, source: Source
    ) -> Result<ObjectValue, VariableErrors> {
        var out = ObjectValue()
        for d in definitions {
            if let v = inputs[d.variable.name.value] { out[d.variable.name.value] = v }
            else if let dv = d.defaultValue { out[d.variable.name.value] = literal(dv.withVariables, [:]) }
        }
        return .success(out)
    }
    static func coerceArgumentValues(
        definitions: [InputValueInfo], arguments: [Argument], variables: ObjectValue,
        schema: Schema, source: Source, location: Location? = nil
    ) throws(GraphQLError) -> ObjectValue {
        var out = ObjectValue()
        for d in definitions {
            if let a = arguments.first(where: { $0.name.value == d.name }) {
                if case .variable(let v) = a.value.kind {
                    if let x = variables[v.name.value] { out[d.name] = x }
                    else if let dv = d.defaultValue { out[d.name] = literal(dv.withVariables, variables) }
                } else { out[d.name] = literal(a.value, variables) }
            } else if let dv = d.defaultValue { out[d.name] = literal(dv.withVariables, variables) }
        }
        return out
    }
    static func literal(_ n: ValueNode, _ vars: ObjectValue) -> Value {
        switch n.kind {
        case .variable(let v): return vars[v.name.value] ?? .null
        case .int(let t): return .int(Int(t) ?? 0)
        case .float(let t): return .float(Double(t) ?? 0)
        case .string(let s, _): return .string(s)
        case .boolean(let b): return .bool(b)
        case .null: return .null
        case .enumValue(let e): return .string(e)
        case .list(let l): return .list(l.map { literal($0, vars) })
        case .object(let f): return .object(ObjectValue(f.map { ($0.name.value, literal($0.value, vars)) }))
        }
    }
}

enum Printer {
    static func print(_ node: ConstValueNode) -> String {
        switch node.kind {
        case .int(let t), .float(let t): return t
        case .string(let s, _): return "\"\(s)\""
        case .boolean(let b): return b ? "true" : "false"
        case .null: return "null"
        case .enumValue(let e): return e
        case .list(let l): return "[" + l.map { print($0) }.joined(separator: ", ") + "]"
        case .object(let f): return "{" + f.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
