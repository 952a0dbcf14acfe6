import GraphQL

extension CommandSpec {
    /// `kitchen persist DOCUMENT…`: the trusted-documents file for a client's documents.
    public static let persist = CommandSpec(
        name: "persist", summary: "Print the trusted-documents map (SHA-256 → text) of GraphQL documents.",
        usage: "kitchen persist [--schema FILE] [--no-check] DOCUMENT… > trusted.json",
        discussion: """
            Prints one JSON object mapping the SHA-256 hash (64 lowercase hex digits) of each
            document's exact text to that text. Serve it with 'kitchen serve --trusted-documents
            trusted.json': then only these documents run, named by documentId "sha256:<hash>" or
            by Apollo's persistedQuery extension, and any other query text is refused. Clients
            must send the same bytes (or just the hash). Each document is first validated
            against the schema, as 'kitchen check' does; --no-check skips that. '-' reads
            standard input.
            """,
        flags: [
            GraphQLFiles.schemaFlag,
            .toggle("no-check", environment: "KITCHEN_PERSIST_NO_CHECK", summary: "Do not validate the documents first."),
        ]
    ) { context in
        let paths = context.flags.positional
        guard !paths.isEmpty else {
            context.console.printError("kitchen persist: no document given. Run 'kitchen persist --help' for usage.")
            return KitchenCLI.usageError
        }
        var texts: [String] = []
        for path in paths {
            do {
                texts.append(try GraphQLFiles.read(path).text)
            } catch {
                return context.fail("\(path): \(error)")
            }
        }
        if !context.flags.bool("no-check") {
            let schema: LoadedSchema
            switch GraphQLFiles.loadSchema(context.flags) {
            case .success(let loaded): schema = loaded
            case .failure(let failure):
                failure.diagnostics.forEach(context.console.printError)
                return 1
            }
            var failed = false
            for (path, text) in zip(paths, texts) {
                let name = path == "-" ? GraphQLFiles.standardInputName : path
                let errors: [GraphQLError]
                do throws(GraphQLError) {
                    errors = Validator.validate(try Parser.parse(Source(text, name: name)), schema: schema.schema)
                } catch {
                    errors = [error]
                }
                for error in errors {
                    context.console.printError(GraphQLFiles.diagnostic(error, file: name))
                    failed = true
                }
            }
            if failed {
                context.console.printError("kitchen persist: fix the documents above, or pass --no-check.")
                return 1
            }
        }
        context.console.print(TrustedDocuments.manifest(texts))
        return 0
    }
}
