import GraphQL

extension CommandSpec {
    /// `kitchen schema [--schema FILE]`: the schema as canonical SDL.
    public static let schema = CommandSpec(
        name: "schema", summary: "Print the schema as canonical SDL.",
        usage: "kitchen schema [--schema FILE]",
        discussion: """
            Builds the schema the server would serve and prints it as graphql-js's printSchema
            does — built-in scalars, specified directives and comments left out, types in
            definition order — and, unlike printSchema, with the directives the schema applies
            (@cost and @listSize, the cost clients are measured by). A schema that does not
            build is reported as FILE:LINE:COLUMN: message per problem on standard error, with
            exit status 1.
            """,
        flags: [GraphQLFiles.schemaFlag]
    ) { context in
        guard context.flags.positional.isEmpty else {
            context.console.printError("kitchen schema: takes no arguments. Run 'kitchen schema --help' for usage.")
            return KitchenCLI.usageError
        }
        switch GraphQLFiles.loadSchema(context.flags) {
        case .success(let loaded):
            context.console.print(SchemaPrinter.print(loaded.schema, appliedDirectives: true))
            return 0
        case .failure(let failure):
            failure.diagnostics.forEach(context.console.printError)
            return 1
        }
    }
}
