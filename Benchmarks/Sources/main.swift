import Foundation

/// Kitchen's benchmarks: `swift run -c release Benchmarks [case …]`.
///
/// Each case lives in its own file as a `BenchmarkCase`; adding one is that file and one
/// line in `allCases`. With no arguments every case runs; `list` names them.
let allCases: [BenchmarkCase] = [
    ParseBenchmark.benchmarkCase,
    ParseBenchmark.fixedWorkCase,
    ValidateBenchmark.benchmarkCase,
    GzipBenchmark.benchmarkCase,
]

let requested = Array(CommandLine.arguments.dropFirst())
if requested == ["list"] {
    for benchmark in allCases { print("\(benchmark.name)\t\(benchmark.summary)") }
} else {
    let unknown = requested.filter { name in !allCases.contains { $0.name == name } }
    if !unknown.isEmpty {
        print("unknown benchmark \(unknown.joined(separator: ", ")); try `list`")
        exit(2)
    }
    for benchmark in allCases where requested.isEmpty || requested.contains(benchmark.name) {
        do {
            try benchmark.run()
        } catch {
            print("\(benchmark.name) failed: \(error)")
            exit(1)
        }
    }
}
