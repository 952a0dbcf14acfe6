internal import CMicroHTTPD

/// The libmicrohttpd connection a stream is queued on, for suspending and resuming it.
///
/// Suspension happens only inside the content reader (the connection's own callback, as
/// libmicrohttpd requires); resumption may come from any thread.
struct StreamConnection: @unchecked Sendable {
    // The pointer stays valid until the response is freed, which detaches it first
    // (HTTPStream.close clears it under the same lock that guards every use).
    let pointer: OpaquePointer

    func suspend() {
        MHD_suspend_connection(pointer)
    }

    func resume() {
        MHD_resume_connection(pointer)
    }
}
