import Foundation

/// One named benchmark case.
struct BenchmarkCase: Sendable {
    let name: String
    let summary: String
    let run: @Sendable () throws -> Void
}

/// Where the package is, found from this file's path (`Benchmarks/Sources/Harness.swift`).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Median CPU time of one call of `body`, from `samples` batches each long enough (at least
/// `minimumBatch`) for the clock to be precise.
///
/// CPU time of the process, not wall time: on a shared machine the time other processes
/// hold the cores would otherwise count against whichever side was running.
func medianSeconds(samples: Int = 31, minimumBatch: Double = 0.025, _ body: () -> Void) -> Double {
    var iterations = 1
    while cpuSeconds({ for _ in 0..<iterations { body() } }) < minimumBatch {
        iterations *= 2
    }
    var perCall: [Double] = []
    for _ in 0..<samples {
        perCall.append(cpuSeconds { for _ in 0..<iterations { body() } } / Double(iterations))
    }
    perCall.sort()
    return perCall[perCall.count / 2]
}

/// CPU seconds the process spends running `body`.
func cpuSeconds(_ body: () -> Void) -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    body()
    return now() - start
}

/// Keeps a result alive so that the optimizer cannot drop the work that made it.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Runs a peer's Node.js script with graphql-js on NODE_PATH (installing it first with
/// `Benchmarks/peers/setup.sh` if needed) and returns its standard output, or nil (with a
/// note on standard error) when it cannot run.
func runNodePeer(script: String, arguments: [String]) -> String? {
    let deps = packageRoot.appendingPathComponent("Benchmarks/.deps/usr/share/nodejs")
    if !FileManager.default.fileExists(atPath: deps.appendingPathComponent("graphql").path) {
        _ = run("/bin/bash", [packageRoot.appendingPathComponent("Benchmarks/peers/setup.sh").path])
    }
    var environment = ProcessInfo.processInfo.environment
    environment["NODE_PATH"] = deps.path
    let scriptPath = packageRoot.appendingPathComponent("Benchmarks/peers/" + script).path
    return run("/usr/bin/env", ["node", scriptPath] + arguments, environment: environment)
}

private func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    do {
        try process.run()
    } catch {
        FileHandle.standardError.write(Data("cannot run \(executable): \(error)\n".utf8))
        return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        FileHandle.standardError.write(Data("\(arguments.joined(separator: " ")) failed\n".utf8))
        return nil
    }
    return String(decoding: data, as: UTF8.self)
}

/// A number with a fixed count of decimals.
func formatted(_ value: Double, decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}

/// Pads to a width, right-aligned.
func padded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}
