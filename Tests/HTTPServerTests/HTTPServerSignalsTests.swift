import Foundation
import KitchenTestSupport
import Glibc
import Synchronization
import Testing
import HTTPServer

@Suite("HTTPServer termination signals")
struct HTTPServerSignalsTests {
    @Test("waitForTerminationSignal returns the SIGTERM sent to its thread")
    func sigterm() throws {
        let waiter = Mutex<pthread_t?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let received = Mutex<Int32>(0)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // Blocked before anyone may signal this thread, so the default action
            // (ending the test process) can never apply.
            HTTPServer.blockTerminationSignals()
            waiter.withLock { $0 = pthread_self() }
            ready.signal()
            let signal = HTTPServer.waitForTerminationSignal()
            received.withLock { $0 = signal }
            done.signal()
        }
        thread.start()
        #expect(ready.wait(timeout: .now() + 10) == .success)
        let target = try #require(waiter.withLock { $0 })
        #expect(pthread_kill(target, SIGTERM) == 0)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(received.withLock { $0 } == SIGTERM)
    }
}
