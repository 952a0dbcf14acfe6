import FuzzSupport
import GraphQL

/// Validation against the kitchen's schema, with every specified rule and the operation
/// limits: any document that parses is validated without a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    guard let document = try? Parser.parse(Source(bytes: input)) else { return 0 }
    let errors = Validator.validate(document, schema: FuzzSupport.schema)
    if errors.isEmpty {
        _ = OperationLimits.default.check(document, schema: FuzzSupport.schema)
    }
    return 0
}

/// The executable's entry point (SwiftPM's name for `main`): libFuzzer's driver.
@_cdecl("FuzzValidate_main")
public func fuzzValidateMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupport.runDriver(argc, argv, fuzzValidate)
}
