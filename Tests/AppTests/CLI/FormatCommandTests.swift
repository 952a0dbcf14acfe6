import Testing
@testable import App

@Suite("kitchen format")
struct FormatCommandTests {
    @Test("prints a document in canonical layout and succeeds")
    func canonical() {
        let files = TemporaryFiles()
        let path = files.write("q.graphql", "query  Q($id:ID!){pet(id:$id){ name ,id}} # comment\n")
        let run = runKitchen(["format", path])
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        #expect(run.out == """
            query Q($id: ID!) {
              pet(id: $id) {
                name
                id
              }
            }

            """)
    }

    @Test("formatting is idempotent: the printed text prints the same")
    func idempotent() {
        let files = TemporaryFiles()
        let once = runKitchen(["format", files.write("a.graphql", "{a(x:[1,2],y:{z:\"s\"}) @skip(if:true){...F}} fragment F on T{b}")]).out
        let twice = runKitchen(["format", files.write("b.graphql", once)]).out
        #expect(!once.isEmpty)
        #expect(twice == once)
    }

    @Test("type-system documents are printed too")
    func sdl() {
        let files = TemporaryFiles()
        let run = runKitchen(["format", files.write("s.graphql", "type  Pet{id:ID! name:String}")])
        #expect(run.status == 0)
        #expect(run.out == "type Pet {\n  id: ID!\n  name: String\n}\n")
    }

    @Test("several files are printed in order, separated by a blank line")
    func severalFiles() {
        let files = TemporaryFiles()
        let run = runKitchen(["format", files.write("a.graphql", "{a}"), files.write("b.graphql", "{b}")])
        #expect(run.out == "{\n  a\n}\n\n{\n  b\n}\n")
    }

    @Test("a syntax error is FILE:LINE:COLUMN: message on standard error, exit 1, the other files still printed")
    func syntaxError() {
        let files = TemporaryFiles()
        let document = marked("{\n  a {\n    b\n^")
        let bad = files.write("bad.graphql", document.text)
        let good = files.write("good.graphql", "{ok}")
        let run = runKitchen(["format", bad, good])
        #expect(run.status == 1)
        let place = document.locations[0]
        #expect(run.errorLines == ["\(bad):\(place.line):\(place.column): Syntax Error: Expected Name, found <EOF>."])
        #expect(run.out == "{\n  ok\n}\n")
    }

    @Test("a missing file is an error naming it, exit 1")
    func missingFile() {
        let run = runKitchen(["format", "/nonexistent/q.graphql"])
        #expect(run.status == 1)
        #expect(run.error == "error: /nonexistent/q.graphql: no such file\n")
    }

    @Test("no file is a usage error, exit 2")
    func noFile() {
        let run = runKitchen(["format"])
        #expect(run.status == 2)
        #expect(run.error.contains("kitchen format --help"))
    }

    @Test("--help describes the command")
    func help() {
        let run = runKitchen(["format", "--help"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("Usage: kitchen format FILE…"))
    }
}
