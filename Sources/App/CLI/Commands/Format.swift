import GraphQL

extension CommandSpec {
    /// `kitchen format FILE…`: each document printed in canonical form.
    public static let format = CommandSpec(
        name: "format", summary: "Print GraphQL documents in canonical form.",
        usage: "kitchen format FILE…",
        discussion: """
            Prints each file (queries, fragments or SDL) as the GraphQL printer lays it out: two
            spaces of indentation, one selection per line, comments dropped. '-' reads standard
            input. Files are printed in order, separated by a blank line. A file that does not
            parse is reported as FILE:LINE:COLUMN: message on standard error, and the command
            exits 1 after printing the others.
            """
    ) { context in
        let paths = context.flags.positional
        guard !paths.isEmpty else {
            context.console.printError("kitchen format: no file given. Run 'kitchen format --help' for usage.")
            return KitchenCLI.usageError
        }
        var status: Int32 = 0
        var printedAny = false
        for path in paths {
            let file: (name: String, text: String)
            do {
                file = try GraphQLFiles.read(path)
            } catch {
                status = context.fail("\(path): \(error)")
                continue
            }
            let document: Document
            do throws(GraphQLError) {
                document = try Parser.parse(Source(file.text, name: file.name))
            } catch {
                context.console.printError(GraphQLFiles.diagnostic(error, file: file.name))
                status = 1
                continue
            }
            if printedAny { context.console.print("") }
            context.console.print(Printer.print(document))
            printedAny = true
        }
        return status
    }
}
