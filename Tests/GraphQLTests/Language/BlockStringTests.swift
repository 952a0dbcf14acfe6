import Testing

@testable import GraphQL

@Suite("Block strings")
struct BlockStringTests {
    @Test("BlockStringValue removes common indentation and blank first and last lines")
    func dedent() {
        #expect(BlockString.value(ofRaw: "\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  ")
            == "Hello,\n  World!\n\nYours,\n  GraphQL.")
        #expect(BlockString.value(ofRaw: "  \n\t\n") == "")
        #expect(BlockString.value(ofRaw: "first\n  second") == "first\nsecond")
        #expect(BlockString.value(ofRaw: "  first\n  second") == "  first\nsecond")
        #expect(BlockString.value(ofRaw: "\ta\n\t\tb") == "\ta\nb")
    }

    @Test("short single lines print on one line")
    func singleLine() {
        #expect(Printer.printBlockString("one line") == "\"\"\"one line\"\"\"")
        #expect(Printer.printBlockString("") == "\"\"\"\"\"\"")
    }

    @Test("multiple lines, long lines and awkward ends put the quotes on their own lines")
    func multipleLines() {
        #expect(Printer.printBlockString("a\nb") == "\"\"\"\na\nb\n\"\"\"")
        let long = String(repeating: "x", count: 71)
        #expect(Printer.printBlockString(long) == "\"\"\"\n\(long)\n\"\"\"")
        #expect(Printer.printBlockString("ends with \"") == "\"\"\"\nends with \"\n\"\"\"")
        #expect(Printer.printBlockString("ends with \\") == "\"\"\"\nends with \\\n\"\"\"")
        #expect(Printer.printBlockString("uses \"\"\"") == "\"\"\"\nuses \\\"\"\"\n\"\"\"")
        #expect(Printer.printBlockString("short", preferMultipleLines: true) == "\"\"\"\nshort\n\"\"\"")
    }

    @Test("leading white space keeps the first line on the quote line; indented lines force a newline")
    func leadingWhiteSpace() {
        #expect(Printer.printBlockString("  indented") == "\"\"\"  indented\"\"\"")
        #expect(Printer.printBlockString("  a\n  b") == "\"\"\"\n  a\n  b\n\"\"\"")
        #expect(Printer.printBlockString("a\n  b") == "\"\"\"\na\n  b\n\"\"\"")
    }

    @Test("values that would not survive a round trip are not printable as block strings")
    func printable() {
        #expect(Printer.isPrintableAsBlockString("plain\ntext"))
        #expect(Printer.isPrintableAsBlockString(""))
        #expect(!Printer.isPrintableAsBlockString("\nleading blank line"))
        #expect(!Printer.isPrintableAsBlockString("trailing blank line\n"))
        #expect(!Printer.isPrintableAsBlockString("  common\n  indent"))
        #expect(!Printer.isPrintableAsBlockString("carriage\rreturn"))
        #expect(!Printer.isPrintableAsBlockString("bell \u{7}"))
    }

    @Test("printing then lexing a block string gives the value back")
    func roundTrip() throws {
        for value in ["a\n  b\nc", "  lead", "quote \"\"\" inside", "trailing \"", "x\n\ny"] {
            let printed = Printer.printBlockString(value)
            #expect(try stringValue(printed) == value, "\(printed)")
        }
    }
}
