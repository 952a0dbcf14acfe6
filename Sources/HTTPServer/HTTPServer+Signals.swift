internal import CMicroHTTPD

extension HTTPServer {
    /// Blocks SIGINT and SIGTERM in the calling thread and in threads it creates later.
    ///
    /// Call first thing in a serving process, before any thread starts, so that the
    /// signals can only be taken by `waitForTerminationSignal()`; otherwise a thread
    /// that does not block them would be killed by the default action.
    public static func blockTerminationSignals() {
        var previous = sigset_t()
        kitchen_block_termination_signals(true, &previous)
    }

    /// Waits until the process receives SIGINT or SIGTERM and returns the signal number.
    ///
    /// Blocks the signals in the calling thread first (sigwait takes only blocked
    /// signals); `kitchen serve` calls this, then `stop()`.
    public static func waitForTerminationSignal() -> Int32 {
        blockTerminationSignals()
        return kitchen_wait_termination_signal()
    }
}
