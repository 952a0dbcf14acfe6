internal import CMicroHTTPD

// The upgrade: a `101` response made with `MHD_create_response_for_upgrade`, after whose
// sending libmicrohttpd calls `upgradeHandler` with the socket.

/// Makes the libmicrohttpd response that switches the connection to WebSocket once sent;
/// the handshake's header fields are added by the caller like any response's.
func makeUpgradeResponse(context: ServerContext) -> OpaquePointer? {
    MHD_create_response_for_upgrade(upgradeHandler, Unmanaged.passUnretained(context).toOpaque())
}

/// Called on the connection's pool thread once the `101` is sent: hands the socket, and
/// any bytes that came after the request's head, to the WebSocket loop. `cls` is the
/// server's context; `conCls` the request's state, which keeps the upgrade's handler
/// maker and is released only when the upgraded connection is closed.
func upgradeHandler(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ conCls: UnsafeMutableRawPointer?,
    _ extraIn: UnsafePointer<CChar>?, _ extraInSize: Int, _ socket: MHD_socket,
    _ urh: OpaquePointer?
) {
    guard let urh else { return }
    let handle = UpgradeHandle(pointer: urh)
    guard let cls, let conCls,
        let upgrade = Unmanaged<RequestState>.fromOpaque(conCls).takeUnretainedValue().upgrade
    else {
        handle.close()
        return
    }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    // No request deadline on a WebSocket: the loop keeps its own time.
    if let connection { context.deadlines?.closed(connection) }
    let initial = extraIn.map { Array(UnsafeRawBufferPointer(start: $0, count: extraInSize)) } ?? []
    if !context.webSockets.adopt(fd: socket, handle: handle, initialBytes: initial, upgrade: upgrade) {
        handle.close()
    }
}
