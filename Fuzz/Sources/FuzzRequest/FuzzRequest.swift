import App
import Foundation
import FuzzSupport
import GraphQL
import HTTPServer

/// The scratch database, new for each fuzzing process.
let handler: any HTTPHandler = {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("kitchen-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    do {
        return try KitchenServer.makeHandlerForFuzzing(
            databasePath: directory.appendingPathComponent("fuzz.sqlite").path,
            schemaPath: FuzzSupport.schemaPath,
            log: RequestLog { line in
                // A resolver's unexpected failure is masked for the client; here it is a find.
                // Its line is `internal error <12-character id> at <path>: …`; a request
                // line can start `internal error` too (method `internal`, path `error`).
                let words = line.split(separator: " ", maxSplits: 4)
                if words.count >= 4, words[0] == "internal", words[1] == "error",
                    words[2].count == 12, words[3] == "at"
                {
                    fatalError(line)
                }
            })
    } catch {
        fatalError("cannot open the scratch database: \(error)")
    }
}()

/// The whole request path: the input is a request in HTTP/1.1's shape —
/// `METHOD target` on the first line, `Name: value` lines, a blank line, then the body —
/// which is turned into an `HTTPRequest` (as libmicrohttpd would) and answered by the
/// handler `serve` runs. Any request gets a response; none traps; no 5xx but 503 appears,
/// and no resolver fails unexpectedly (an `internal error` log line).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    guard let request = RawRequest.parse(input) else { return 0 }
    var response = handler.handle(request)
    if let pending = response.pending {
        // A mutation's answer comes once its commit is on disk; wait for it (5 s at most).
        for _ in 0..<50_000 where pending.response == nil { usleep(100) }
        guard let completed = pending.response else {
            FuzzSupport.fail("a pending answer never came", input: input)
        }
        response = completed
    }
    if response.status >= 500, response.status != 503 {
        FuzzSupport.fail("status \(response.status): \(String(decoding: response.body, as: UTF8.self))", input: input)
    }
    return 0
}

/// Splits fuzz bytes into a request head and body.
enum RawRequest {
    static func parse(_ bytes: [UInt8]) -> HTTPRequest? {
        var lines: [String] = []
        var start = 0
        var index = 0
        var bodyStart = bytes.count
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                let line = String(decoding: bytes[start..<index], as: UTF8.self)
                start = index + 1
                if line.isEmpty || line == "\r" {
                    bodyStart = start
                    break
                }
                lines.append(line.hasSuffix("\r") ? String(line.dropLast()) : line)
            }
            index += 1
        }
        if bodyStart == bytes.count, start < bytes.count, index >= bytes.count {
            lines.append(String(decoding: bytes[start...], as: UTF8.self))
        }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return HTTPRequest(
            method: String(parts[0]), target: String(parts[1]), headers: headers,
            body: Array(bytes[bodyStart...]), remoteAddress: "127.0.0.1")
    }
}

/// The executable's entry point (SwiftPM's name for `main`): libFuzzer's driver.
@_cdecl("FuzzRequest_main")
public func fuzzRequestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzSupport.runDriver(argc, argv, fuzzRequest)
}
