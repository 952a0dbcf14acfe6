import Foundation
import GraphQL
import Testing

@testable import App

/// `Schema.graphql` documents itself: a front-end developer reads every type, field,
/// argument, input field, enum value and directive in the explorer's Docs.
@Suite("The product schema's descriptions")
struct SchemaDescriptionTests {
    /// Every element of `schema` (its own, not the built-in or introspection ones) that has
    /// no description, or a blank one, as `Type.field(argument:)`.
    static func undescribed(_ schema: Schema) -> [String] {
        var missing: [String] = []
        func check(_ description: String?, _ label: @autoclosure () -> String) {
            if description?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true { missing.append(label()) }
        }
        func check(_ arguments: [InputValueInfo], of owner: String) {
            for argument in arguments { check(argument.description, "\(owner)(\(argument.name):)") }
        }
        for name in schema.typeNames where !name.hasPrefix("__") && !BuiltInScalars.isBuiltIn(name) {
            guard let type = schema[name] else { continue }
            check(type.description, name)
            switch type {
            case .object(let object):
                for field in object.fields {
                    check(field.description, "\(name).\(field.name)")
                    check(field.arguments, of: "\(name).\(field.name)")
                }
            case .interface(let interface):
                for field in interface.fields {
                    check(field.description, "\(name).\(field.name)")
                    check(field.arguments, of: "\(name).\(field.name)")
                }
            case .enumeration(let enumeration):
                for value in enumeration.values { check(value.description, "\(name).\(value.name)") }
            case .inputObject(let input):
                for field in input.fields { check(field.description, "\(name).\(field.name)") }
            case .scalar, .union:
                break
            }
        }
        for name in schema.directiveNames where !SpecifiedDirectives.isSpecified(name) {
            guard let directive = schema.directives[name] else { continue }
            check(directive.description, "@\(name)")
            check(directive.arguments, of: "@\(name)")
        }
        return missing
    }

    @Test("every type, field, argument, input field, enum value and directive has a description")
    func everythingDescribed() throws {
        let schema = try SchemaBuilder.build(sdl: String(contentsOfFile: productSchemaPath, encoding: .utf8))
        #expect(Self.undescribed(schema) == [])
    }

    @Test("the check finds what is missing, wherever it is")
    func findsMissing() throws {
        let schema = try SchemaBuilder.build(sdl: """
            "A directive." directive @flag("Why." reason: String, other: Int) on FIELD
            "Q." type Query { "A." a(x: Int): Int, b: E, c(i: In): Int }
            enum E { "One." ONE TWO }
            "In." input In { "F." f: Int, g: Int }
            type Lost { "F." f: Int }
            """)
        #expect(Self.undescribed(schema) == [
            "Query.a(x:)", "Query.b", "Query.c", "Query.c(i:)", "E", "E.TWO", "In.g", "Lost", "@flag(other:)",
        ])
    }
}
