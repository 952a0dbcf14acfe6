import Testing
@testable import GraphQL

/// ValuesOfCorrectType (section 5.6.1) for custom scalars: a scalar's own `parseLiteral`
/// decides whether a literal is one of its values, as graphql-js calls it during validation.
@Suite("Custom scalar literals in validation")
struct CustomScalarLiteralTests {
    static let sdl = """
        scalar Upload
        scalar Code
        input PhotoInput { photo: Upload, photos: [Upload!] }
        type Query { ok: Boolean }
        type Mutation {
          upload(file: Upload, input: PhotoInput): Boolean
          tag(code: Code): Boolean
        }
        """

    /// graphql-upload's `Upload`: values come only from a multipart request's variables.
    static let upload = ScalarCoercion(
        parseValue: { $0 },
        parseLiteral: { _ throws(CoercionFailure) in throw CoercionFailure("Upload literal unsupported.") },
        serialize: { $0 })

    /// Codes are upper-case strings.
    static let code = ScalarCoercion(
        parseValue: { $0 },
        parseLiteral: { value throws(CoercionFailure) in
            guard case .string(let text) = value, text == text.uppercased() else {
                throw CoercionFailure("A Code is an upper-case string.")
            }
            return value
        },
        serialize: { $0 })

    let bound: Schema
    let unbound: Schema

    init() throws {
        unbound = try testSchema(Self.sdl)
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in query.field("ok") { _, _ in true } }
        resolvers.type("Mutation") { mutation in
            mutation.field("upload", reading: []) { _, _ in true }
            mutation.field("tag", reading: []) { _, _ in true }
        }
        resolvers.scalar("Upload", Self.upload)
        resolvers.scalar("Code", Self.code)
        bound = try resolvers.bind(to: unbound).schema
    }

    @Test("an Upload written in the document is a validation error at the literal, in graphql-upload's words")
    func uploadLiteral() throws {
        let documents = [
            #"mutation { upload(file: ▸"x") }"#,
            #"mutation { upload(input: { photo: ▸"x" }) }"#,
            #"mutation { upload(input: { photos: [▸"a", ▸"b"] }) }"#,
            #"mutation ($file: Upload = ▸"x") { upload(file: $file) }"#,
            #"mutation { upload(file: ▸{ name: "a.png" }) }"#,
        ]
        for marked in documents {
            let (text, at) = unmarkAll(marked)
            let errors = try validationErrors(text, schema: bound)
            #expect(errors.map(\.message) == at.map { _ in "Upload literal unsupported." }, "\(text)")
            #expect(errors.map(\.locations) == at.map { [$0] }, "\(text)")
            #expect(errors.allSatisfy { $0.code == ErrorCode.validationFailed.rawValue })
        }
    }

    @Test("an Upload from a variable, or a null literal, is valid")
    func uploadVariable() throws {
        for text in [
            "mutation ($file: Upload) { upload(file: $file) }",
            "mutation ($file: Upload!) { upload(input: { photos: [$file] }) }",
            "mutation { upload(file: null, input: { photo: null }) }",
        ] {
            #expect(try validationErrors(text, schema: bound).isEmpty, "\(text)")
        }
    }

    @Test("a scalar's parseLiteral decides; a scalar without a coercion accepts every literal")
    func scalarDecides() throws {
        let (text, at) = unmarkAll(#"mutation { a: tag(code: "OK") b: tag(code: ▸"no") }"#)
        let errors = try validationErrors(text, schema: bound)
        #expect(errors.map(\.message) == ["A Code is an upper-case string."])
        #expect(errors.first?.locations == at)
        let unchecked = #"mutation { tag(code: "no") upload(file: "x", input: { photos: ["y"] }) }"#
        #expect(try validationErrors(unchecked, schema: unbound).isEmpty)
    }
}
