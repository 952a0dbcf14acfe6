import FuzzSupport
import GraphQL

/// Lexer, parser and printer: any bytes parse or fail with a `GraphQLError`, and a document
/// that parses prints to text that parses again and prints the same (print ∘ parse is
/// idempotent after one round).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    guard let document = try? Parser.parse(Source(bytes: input)) else { return 0 }
    let printed = Printer.print(document)
    let reparsed: Document
    do {
        reparsed = try Parser.parse(Source(printed))
    } catch {
        FuzzSupport.fail("printed document does not parse: \(error.message)\nprinted: \(printed)", input: input)
    }
    let reprinted = Printer.print(reparsed)
    if reprinted != printed {
        FuzzSupport.fail("print is not stable:\n\(printed)\n---\n\(reprinted)", input: input)
    }
    return 0
}

/// The executable's entry point (SwiftPM's name for `main`): libFuzzer's driver.
@_cdecl("FuzzParse_main")
public func fuzzParseMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupport.runDriver(argc, argv, fuzzParse)
}
