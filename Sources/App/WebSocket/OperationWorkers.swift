import Foundation
import Synchronization

/// A few threads that run WebSocket operations: the socket loop hands them every
/// `subscribe` (parsing, validating and executing may read the database, and must not hold
/// up the other sockets), and the `connection_init` that names the viewer.
///
/// A fixed number, like libmicrohttpd's pool, so that a burst of operations over many
/// sockets queues instead of starting a thread (and a database reader) for each. Each
/// socket submits through its own `Lane`, which runs its jobs one at a time in order.
final class OperationWorkers: Sendable {
    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var head = 0
        var stopped = false
    }

    private let queue = Mutex(Queue())
    private let ready = DispatchSemaphore(value: 0)
    private let running = DispatchGroup()
    let threadCount: Int

    /// Starts `threads` worker threads.
    init(threads: Int) {
        threadCount = max(1, threads)
        for index in 0..<threadCount {
            running.enter()
            let thread = Thread { [self] in
                run()
                running.leave()
            }
            thread.name = "kitchen-ws-\(index)"
            thread.start()
        }
    }

    /// Runs `job` on a worker soon; dropped once the workers are stopped.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let accepted = queue.withLock { queue in
            guard !queue.stopped else { return false }
            queue.jobs.append(job)
            return true
        }
        if accepted { ready.signal() }
    }

    /// Ends the threads once the jobs queued so far have run, and waits for them (at most
    /// `timeout`), so that nothing runs on a database about to close.
    func stop(timeout: Duration = .seconds(10)) {
        queue.withLock { $0.stopped = true }
        for _ in 0..<threadCount { ready.signal() }
        _ = running.wait(timeout: .now() + timeout.dispatchInterval)
    }

    private func run() {
        while true {
            ready.wait()
            let job: (@Sendable () -> Void)? = queue.withLock { queue in
                guard queue.head < queue.jobs.count else { return nil }
                let job = queue.jobs[queue.head]
                queue.head += 1
                if queue.head == queue.jobs.count {
                    queue.jobs.removeAll(keepingCapacity: true)
                    queue.head = 0
                } else if queue.head >= 64, queue.head * 2 >= queue.jobs.count {
                    queue.jobs.removeFirst(queue.head)
                    queue.head = 0
                }
                return job
            }
            guard let job else {
                if queue.withLock({ $0.stopped }) { return }
                continue
            }
            job()
        }
    }
}

extension OperationWorkers {
    /// One socket's jobs, run on the workers one at a time, in the order submitted: a
    /// socket's operations are judged and run in the order its client sent them (as on an
    /// HTTP/1.1 connection), and one busy socket holds at most one worker, so it cannot
    /// starve the others. (A mutation's wait for the disk is not a job: it holds nothing.)
    final class Lane: Sendable {
        private struct State {
            var jobs: [@Sendable () -> Void] = []
            var running = false
        }

        private let workers: OperationWorkers
        private let state = Mutex(State())

        init(_ workers: OperationWorkers) {
            self.workers = workers
        }

        /// Runs `job` after the lane's earlier jobs.
        func submit(_ job: @escaping @Sendable () -> Void) {
            let start: Bool = state.withLock { state in
                state.jobs.append(job)
                defer { state.running = true }
                return !state.running
            }
            if start { workers.submit { self.drain() } }
        }

        private func drain() {
            while true {
                let job: (@Sendable () -> Void)? = state.withLock { state in
                    guard !state.jobs.isEmpty else {
                        state.running = false
                        return nil
                    }
                    return state.jobs.removeFirst()
                }
                guard let job else { return }
                job()
            }
        }
    }
}

