/// Builds a `Schema` from SDL: the type-system definitions and extensions of section 3.
///
/// Like graphql-js's `buildASTSchema` with `assertValidSDL`, the document is first checked
/// with the SDL validation rules; a document that passes is assembled (extensions applied in
/// order, built-in scalars, specified directives and introspection types added) and the
/// result is checked with the type validation rules of section 3 (`SchemaValidator`).
/// Either way every problem is reported at once, each with its location.
public enum SchemaBuilder {
    /// The schema a type-system document describes.
    ///
    /// `assumeValid` skips the section 3 type checks (the SDL rules still run), as
    /// graphql-js's option of that name does; tests use it to build deliberately partial
    /// schemas such as `type Foo`.
    public static func build(
        _ document: TypeSystemDocument, assumeValid: Bool = false
    ) throws(SchemaErrors) -> Schema {
        let sdlErrors = SDLValidator.validate(document)
        if !sdlErrors.isEmpty { throw SchemaErrors(sdlErrors) }
        var assembler = SchemaAssembler(document: document)
        let schema = assembler.assemble()
        var errors = assembler.errors
        if !assumeValid { errors += SchemaValidator.validate(schema, document: document) }
        if !errors.isEmpty { throw SchemaErrors(errors) }
        return schema
    }

    /// The schema an SDL text describes; `name` labels the source in messages.
    ///
    /// Executable definitions in the text are ignored, as graphql-js's `buildSchema` does.
    public static func build(
        sdl: String, name: String = "Schema.graphql", assumeValid: Bool = false
    ) throws(SchemaErrors) -> Schema {
        let document: Document
        do {
            document = try Parser.parse(Source(sdl, name: name))
        } catch {
            throw SchemaErrors([error])
        }
        return try build(document.typeSystem, assumeValid: assumeValid)
    }
}
