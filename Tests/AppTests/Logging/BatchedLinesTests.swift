import Foundation
import Synchronization
import Testing

@testable import App

/// What a `BatchedLines` handed to its writer: each call's text, in order.
private final class Written: Sendable {
    let calls = Mutex<[String]>([])
    var text: String { calls.withLock { $0.joined() } }
    var count: Int { calls.withLock { $0.count } }
    func record(_ text: String) { calls.withLock { $0.append(text) } }
}

@Suite("Batched log lines")
struct BatchedLinesTests {
    @Test("lines are written together after the delay, in order, without a flush")
    func delayedBatch() async throws {
        let written = Written()
        let lines = BatchedLines(delay: .milliseconds(50)) { written.record($0) }
        lines.append("one\n")
        lines.append("two\n")
        #expect(written.count == 0, "nothing is written before the delay")
        for _ in 0..<200 where written.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(written.calls.withLock { $0 } == ["one\ntwo\n"])
    }

    @Test("flush writes at once, and a batch over the limit is written without waiting")
    func flushAndLimit() {
        let written = Written()
        let lines = BatchedLines(delay: .seconds(3600), limit: 10) { written.record($0) }
        lines.append("short\n")
        #expect(written.count == 0)
        lines.flush()
        #expect(written.text == "short\n")
        lines.append("0123456789\n")
        #expect(written.text == "short\n0123456789\n", "over the limit: written by append itself")
        lines.flush()
        #expect(written.count == 2, "flushing nothing writes nothing")
    }

    @Test("lines from many threads all arrive once, each thread's in its own order")
    func concurrentLines() async {
        let written = Written()
        let lines = BatchedLines(delay: .milliseconds(1), limit: 300) { written.record($0) }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for n in 0..<500 { lines.append("\(thread) \(n)\n") }
                }
            }
        }
        lines.flush()
        let received = written.text.split(separator: "\n")
        #expect(received.count == 2000)
        for thread in 0..<4 {
            let mine = received.filter { $0.hasPrefix("\(thread) ") }.map { Int($0.split(separator: " ")[1])! }
            #expect(mine == Array(0..<500))
        }
    }
}
