internal import CMicroHTTPD

/// The libmicrohttpd connection a stream or a pending response waits on, for suspending
/// and resuming it.
///
/// Suspension happens only inside the connection's own callbacks, as libmicrohttpd
/// requires: the content reader for a stream, the access handler for a pending response.
/// Resumption may come from any thread.
struct StreamConnection: @unchecked Sendable {
    // The pointer stays valid until the response is freed, which detaches it first
    // (HTTPStream.close clears it under the same lock that guards every use); a pending
    // response uses it once, to resume, while the connection is still suspended.
    let pointer: OpaquePointer

    /// The connection's socket, for watching it while suspended; -1 if unknown.
    var socket: Int32 { kitchen_mhd_connection_fd(pointer) }

    func suspend() {
        MHD_suspend_connection(pointer)
    }

    func resume() {
        MHD_resume_connection(pointer)
    }
}
