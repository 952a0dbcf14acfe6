import Foundation
import GraphQL

/// Parse throughput in MB/s (10^6 bytes per second) on three documents, beside graphql-js
/// 16 parsing the same texts in the same run.
///
/// The `Source` (the document's bytes) is made once outside the timed loop, as the server
/// gets bytes from the request; graphql-js likewise gets its string once. Each parse's
/// tree is freed inside the loop (graphql-js pays for its garbage collection there too).
/// Time is process CPU time, which for graphql-js includes V8's helper threads (parallel
/// garbage collection): on a server whose cores are all busy that is the cost that counts.
enum ParseBenchmark {
    static let benchmarkCase = BenchmarkCase(
        name: "parse",
        summary: "parse throughput (MB/s): kitchen sink, introspection query, 200 kB query; vs graphql-js",
        run: run)

    /// A fixed amount of parsing with no clock and no peer, for instruction counts on a busy
    /// machine: `valgrind --tool=callgrind .build/release/Benchmarks parse-fixed`.
    /// `KITCHEN_BENCH_DOCUMENT=kitchen-sink` (or another name) limits it to one document.
    static let fixedWorkCase = BenchmarkCase(
        name: "parse-fixed",
        summary: "parse each document a fixed number of times (for callgrind)",
        run: {
            let only = ProcessInfo.processInfo.environment["KITCHEN_BENCH_DOCUMENT"]
            for document in try documents() where only == nil || only == document.name {
                let source = Source(document.text)
                let repetitions = max(1, 400_000 / source.bytes.count)
                for _ in 0..<repetitions { blackHole(try Parser.parse(source)) }
            }
        })

    static func documents() throws -> [(name: String, text: String)] {
        [
            ("kitchen-sink", try BenchmarkDocuments.kitchenSink()),
            ("introspection", BenchmarkDocuments.introspectionQuery),
            ("generated-200kB", BenchmarkDocuments.generatedQuery()),
        ]
    }

    /// Rounds alternate between Kitchen and graphql-js, so that both see the same load on a
    /// shared machine; each figure is the median over rounds of each round's median.
    static let rounds = 5

    static func run() throws {
        let documents = try documents()
        var kitchen: [String: [Double]] = [:]
        var peer: [String: [Double]] = [:]
        var peerVersion: String? = nil
        for _ in 0..<rounds {
            for document in documents {
                let source = Source(document.text)
                _ = try Parser.parse(source)  // fails loudly if the document does not parse
                let seconds = medianSeconds(samples: 11) { blackHole(try? Parser.parse(source)) }
                kitchen[document.name, default: []].append(Double(source.bytes.count) / seconds / 1e6)
            }
            let (version, figures) = graphqlJS(documents)
            peerVersion = version ?? peerVersion
            for (name, figure) in figures { peer[name, default: []].append(figure) }
        }

        print("parse: MB/s (10^6 bytes per CPU second), median of \(rounds) alternating rounds of 11 batches each")
        print(
            "document          bytes     Kitchen   graphql-js \(peerVersion ?? "(not run)")   Kitchen / graphql-js")
        for document in documents {
            let ours = median(kitchen[document.name] ?? [])
            let theirs = peer[document.name].map(median)
            print(
                document.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + padded("\(document.text.utf8.count)", 7)
                    + padded(formatted(ours), 12)
                    + padded(theirs.map { formatted($0) } ?? "-", 20)
                    + padded(theirs.map { formatted(ours / $0, decimals: 2) + "×" } ?? "-", 23))
        }
    }

    private static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    /// graphql-js's figures per document name, via `peers/graphql-js/parse.js`.
    private static func graphqlJS(
        _ documents: [(name: String, text: String)]
    ) -> (version: String?, figures: [String: Double]) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-parse-benchmark")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var arguments: [String] = []
        for document in documents {
            let file = directory.appendingPathComponent(document.name + ".graphql")
            guard (try? document.text.write(to: file, atomically: true, encoding: .utf8)) != nil else {
                return (nil, [:])
            }
            arguments.append(document.name + "=" + file.path)
        }
        guard let output = runNodePeer(script: "graphql-js/parse.js", arguments: arguments) else {
            return (nil, [:])
        }
        var version: String? = nil
        var figures: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 2 else { continue }
            if fields[0] == "version" {
                version = fields[1]
            } else {
                figures[fields[0]] = Double(fields[1])
            }
        }
        return (version, figures)
    }
}
