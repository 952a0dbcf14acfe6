import Foundation
import Testing

@testable import GraphQL

@Suite("Introspection")
struct IntrospectionTests {
    @Test("the full introspection query matches the golden result")
    func fullQueryGolden() throws {
        let result = try IntrospectionFixture.run(IntrospectionFixture.query)
        #expect(result.errors.isEmpty)
        let pretty = PrettyJSON.text(result.data ?? .null)
        if ProcessInfo.processInfo.environment["KITCHEN_UPDATE_GOLDEN"] != nil {
            try IntrospectionGolden.rewrite(with: pretty)
            Issue.record("IntrospectionGolden.swift rewritten; review the diff")
            return
        }
        #expect(pretty == IntrospectionGolden.result)
    }

    @Test(
        "graphql-core rebuilds the same schema from the introspection result",
        .enabled(if: GraphQLCore.isAvailable))
    func graphqlCoreRoundTrip() throws {
        let result = try IntrospectionFixture.run(IntrospectionFixture.query)
        let output = try GraphQLCore.compare(
            introspection: result.jsonBytes(), sdl: IntrospectionFixture.sdl)
        #expect(output == "same\n")
    }

    @Test("__type finds a named type and is null for an unknown one")
    func typeByName() throws {
        let json = try IntrospectionFixture.json(
            #"{ a: __type(name: "Filter") { kind name isOneOf } b: __type(name: "Nope") { name } }"#)
        #expect(json == #"{"data":{"a":{"kind":"INPUT_OBJECT","name":"Filter","isOneOf":false},"b":null}}"#)
    }

    @Test("wrapper types show their kind and inner type")
    func wrappers() throws {
        let json = try IntrospectionFixture.json(
            """
            { __type(name: "Query") { fields { name type { kind name ofType { kind name ofType { kind name } } } } } }
            """)
        #expect(json.contains(#"{"name":"search","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null}}}}"#))
    }

    @Test("deprecated fields, arguments, input fields and enum values are hidden unless asked for")
    func deprecation() throws {
        let query = """
            {
              query: __type(name: "Query") {
                fields { name }
                all: fields(includeDeprecated: true) { name isDeprecated deprecationReason }
              }
              oldArg: __type(name: "Query") { fields(includeDeprecated: true) { args { name } } }
              kind: __type(name: "Kind") { enumValues { name } }
              filter: __type(name: "Filter") { inputFields { name } }
            }
            """
        let data = try IntrospectionFixture.run(query).data
        let text = PrettyJSON.compact(data ?? .null)
        #expect(text.contains(#""fields":[{"name":"node"},{"name":"search"},{"name":"oldArg"}]"#))
        #expect(text.contains(#"{"name":"old","isDeprecated":true,"deprecationReason":"Use `node`."}"#))
        #expect(text.contains(#"{"args":[{"name":"b"}]}"#))
        #expect(text.contains(#""enumValues":[{"name":"RECIPE"},{"name":"USER"}]"#))
        #expect(text.contains(#""inputFields":[{"name":"tags"},{"name":"min"}]"#))
    }

    @Test("defaults are printed as GraphQL literals")
    func defaultValues() throws {
        let json = try IntrospectionFixture.json(
            #"{ __type(name: "Query") { fields { args { name defaultValue } } } }"#)
        #expect(json.contains(#"{"name":"keyword","defaultValue":"\"红烧 \\\"pork\\\"\""}"#))
        #expect(json.contains(#"{"name":"kind","defaultValue":"RECIPE"}"#))
        #expect(json.contains(#"{"name":"filter","defaultValue":"{tags: [\"a\", \"b\"], min: 1.5}"}"#))
        #expect(json.contains(#"{"name":"id","defaultValue":null}"#))
    }

    @Test("__typename names the introspection types")
    func typenames() throws {
        let json = try IntrospectionFixture.json(
            #"{ __schema { __typename queryType { __typename } } __typename }"#)
        #expect(json == #"{"data":{"__schema":{"__typename":"__Schema","queryType":{"__typename":"__Type"}},"__typename":"Query"}}"#)
    }

    @Test("__schema and __type exist only on the query root")
    func onlyOnQueryRoot() throws {
        let result = try IntrospectionFixture.run("mutation { __typename __schema { description } }")
        #expect(result.data == .object(["__typename": .string("Mutation")]))
    }
}

/// Runs graphql-core (Python) to rebuild a schema from an introspection result.
enum GraphQLCore {
    /// Whether `python3` on the PATH can import graphql-core.
    static var isAvailable: Bool {
        (try? run(["-c", "import graphql; print('ok')"], input: Data())) == "ok\n"
    }

    /// Prints `same` when `print_schema(build_client_schema(result))` equals
    /// `print_schema(build_schema(sdl))`, else both texts.
    static func compare(introspection: [UInt8], sdl: String) throws -> String {
        let script = #"""
            import json, sys
            from graphql import build_client_schema, build_schema, print_schema
            sdl = sys.argv[1]
            result = json.load(sys.stdin)
            client = print_schema(build_client_schema(result["data"]))
            original = print_schema(build_schema(sdl))
            print("same" if client == original else "CLIENT:\n" + client + "\nORIGINAL:\n" + original)
            """#
        return try run(["-c", script, sdl], input: Data(introspection))
    }

    static func run(_ arguments: [String], input: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}

/// JSON text of a `Value` with keys in order: indented for golden files, compact for checks.
enum PrettyJSON {
    static func compact(_ value: Value) -> String {
        String(decoding: JSONWriter.encode(value), as: UTF8.self)
    }

    static func text(_ value: Value) -> String {
        var lines = ""
        write(value, indent: "", into: &lines)
        return lines
    }

    private static func write(_ value: Value, indent: String, into text: inout String) {
        let inner = indent + "  "
        switch value {
        case .list(let items) where !items.isEmpty:
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += inner
                write(item, indent: inner, into: &text)
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let object) where !object.isEmpty:
            text += "{\n"
            for (index, entry) in object.entries.enumerated() {
                text += inner + compact(.string(entry.key)) + ": "
                write(entry.value, indent: inner, into: &text)
                text += index == object.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        default:
            text += compact(value)
        }
    }
}
