import FuzzSupport
import GraphQL

/// The JSON reader: any bytes are a value or a `JSONError`; a value written back out reads
/// as the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    guard let value = try? JSONReader.parse(input) else { return 0 }
    let written = JSONWriter.encode(value)
    do {
        let reread = try JSONReader.parse(written)
        if JSONWriter.encode(reread) != written {
            FuzzSupport.fail("JSON round trip changed the value", input: input)
        }
    } catch {
        FuzzSupport.fail("written JSON does not read: \(error)", input: input)
    }
    return 0
}

/// The executable's entry point (SwiftPM's name for `main`): libFuzzer's driver.
@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupport.runDriver(argc, argv, fuzzJSON)
}
