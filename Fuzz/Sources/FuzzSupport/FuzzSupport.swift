internal import CFuzzer
import Foundation
import GraphQL

/// What every fuzz target shares: the kitchen's schema, read once, and the input as bytes.
public enum FuzzSupport {
    /// The repository's `Schema.graphql`, found from this file's path.
    public static let schemaPath: String = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Schema.graphql").path
    }()

    /// The kitchen's schema; a fuzz run that cannot build it is useless, so it stops.
    public static let schema: Schema = {
        guard let text = try? String(contentsOfFile: schemaPath, encoding: .utf8) else {
            fatalError("cannot read \(schemaPath)")
        }
        do {
            return try SchemaBuilder.build(sdl: text)
        } catch {
            fatalError("Schema.graphql does not build: \(error)")
        }
    }()

    /// The fuzzer's input as an array.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Runs libFuzzer with `test` as the target: the body of each target's `main`.
    ///
    /// SwiftPM links an executable with `main` aliased to `<Target>_main`, so libFuzzer's own
    /// `main` is not used; its driver is called from there instead.
    public static func runDriver(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, test)
    }

    /// Stops the run with a message libFuzzer records as a crash.
    public static func fail(_ message: String, input: [UInt8]) -> Never {
        fatalError("\(message)\ninput: \(String(decoding: input, as: UTF8.self))")
    }
}
