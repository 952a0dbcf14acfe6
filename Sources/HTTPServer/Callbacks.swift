internal import CMicroHTTPD

// libmicrohttpd's callbacks: nonisolated top-level functions, given the server's
// `ServerContext` as `cls` and the request's `RequestState` as `*con_cls`.

/// Called once per request with the raw request target, before headers are parsed;
/// creates the request's state, which `requestCompleted` releases.
func uriLogger(
    _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let cls else { return nil }
    Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().requestsInFlight.enter()
    let target = uri.map { String(cString: $0) } ?? "/"
    return Unmanaged.passRetained(RequestState(target: target)).toOpaque()
}

/// Called when a connection opens and when it closes; tracks its request deadline, and
/// counts its thread's connections down when it closes.
func connectionNotified(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ code: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection else { return }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
        context.deadlines?.opened(connection, socket: kitchen_mhd_connection_fd(connection))
        socketContext?.pointee = Unmanaged.passRetained(ClientAddress(readFrom: connection)).toOpaque()
    } else {
        context.deadlines?.closed(connection)
        context.spread.closed(socket: kitchen_mhd_connection_fd(connection))
        if let address = socketContext?.pointee {
            Unmanaged<ClientAddress>.fromOpaque(address).release()
            socketContext?.pointee = nil
        }
    }
}

/// The client's numeric address, read once when its connection opens and kept as the
/// connection's socket context: formatting it for every request (`inet_ntop`, a
/// `sprintf`) cost about 1,800 instructions each.
final class ClientAddress {
    let text: String

    init(readFrom connection: OpaquePointer) {
        var buffer = [CChar](repeating: 0, count: 64)
        let known = buffer.withUnsafeMutableBufferPointer {
            kitchen_mhd_client_address(connection, $0.baseAddress, socklen_t($0.count))
        }
        text = known ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : ""
    }

    /// The address kept for `connection`, or read now if none was kept.
    static func of(_ connection: OpaquePointer) -> String {
        guard let kept = kitchen_mhd_socket_context(connection) else { return ClientAddress(readFrom: connection).text }
        return Unmanaged<ClientAddress>.fromOpaque(kept).takeUnretainedValue().text
    }
}

/// Called when a request is finished for any reason; releases its state.
func requestCompleted(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ code: MHD_RequestTerminationCode
) {
    if let cls, let connection {
        Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().deadlines?.answered(connection)
    }
    guard let cls, let conCls, let state = conCls.pointee else { return }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if let pending = Unmanaged<RequestState>.fromOpaque(state).takeUnretainedValue().pending {
        context.waitingResponses.remove(pending)
    }
    Unmanaged<RequestState>.fromOpaque(state).release()
    conCls.pointee = nil
    context.requestsInFlight.leave()
}

/// Called first when the headers are in, then once per piece of body, then once
/// more with no data when the body is complete; answers on that last call.
func accessHandler(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let conCls, let statePointer = conCls.pointee,
        let uploadDataSize
    else { return .NO }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(statePointer).takeUnretainedValue()

    if !state.headersSeen {
        state.headersSeen = true
        state.headers = readHeaders(connection)
        if let refusal = RequestFraming.refusal(state.headers) {
            context.deadlines?.handling(connection)
            return queue(refusal, on: connection, context: context)
        }
        state.bodyLimit = context.bodyLimit(contentType: state.headers["Content-Type"])
        if let length = state.headers["Content-Length"].flatMap(Int.init), length > state.bodyLimit {
            // Answering before the body is read makes libmicrohttpd close the
            // connection afterwards instead of reading (or 100-continuing) the body.
            context.deadlines?.handling(connection)
            return queue(bodyTooLarge(limit: state.bodyLimit), on: connection, context: context)
        }
        if let length = state.headers["Content-Length"].flatMap(Int.init), length > 0 {
            state.body.reserveCapacity(length)
        }
        return .YES
    }

    let size = uploadDataSize.pointee
    if size > 0 {
        uploadDataSize.pointee = 0
        guard let uploadData, !state.bodyOverLimit else { return .YES }
        guard state.body.count + size <= state.bodyLimit else {
            // A chunked body grew past the limit. libmicrohttpd cannot answer in the
            // middle of a body, so the rest is read and dropped, and the 413 goes out when
            // the body ends; the request deadline bounds how long that may take.
            state.bodyOverLimit = true
            state.body = []
            return .YES
        }
        uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
            state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
        }
        return .YES
    }

    if let pending = state.pending {
        // Called again after `complete` resumed the connection.
        guard let response = pending.response else { return .YES }
        return queue(response, on: connection, context: context)
    }
    context.deadlines?.handling(connection)
    if state.bodyOverLimit { return queue(bodyTooLarge(limit: state.bodyLimit), on: connection, context: context) }
    let request = HTTPRequest(
        method: method.map { String(cString: $0) } ?? "GET", target: state.target,
        headers: state.headers, body: state.body, remoteAddress: ClientAddress.of(connection))
    let response = context.handler.handle(request)
    guard let pending = response.pending else {
        state.upgrade = response.upgrade
        return queue(response, on: connection, context: context)
    }
    state.pending = pending
    pending.adoptHeaders(of: response)
    guard context.waitingResponses.add(pending) else {
        // The server is stopping: a suspended connection would abort MHD_stop_daemon, so
        // this thread waits for the answer itself; the stop's `abandonAll` wakes it at the
        // end of the grace period.
        let ready = pending.wait(timeout: .seconds(60)) ?? HTTPResponse(status: 503, text: "The server is stopping.\n")
        return queue(ready, on: connection, context: context)
    }
    guard let ready = pending.takeOrPark(StreamConnection(pointer: connection)) else { return .YES }
    return queue(ready, on: connection, context: context)
}

/// The 413 for a body over `limit`, after which the connection closes: the client may
/// still be sending the body, which must not be read as the next request.
private func bodyTooLarge(limit: Int) -> HTTPResponse {
    HTTPResponse(status: 413, text: "Request body is larger than \(limit) bytes.\n").closingConnection()
}

/// Sends `response`; a header libmicrohttpd refuses (e.g. one containing a newline)
/// turns the response into a 500 rather than being sent half-formed.
func queue(_ response: HTTPResponse, on connection: OpaquePointer, context: ServerContext) -> MHD_Result {
    if let made = makeResponse(response, connection: connection, context: context) {
        defer { MHD_destroy_response(made) }
        return MHD_queue_response(connection, UInt32(clamping: response.status), made)
    }
    let fallback = HTTPResponse(status: 500, text: "Internal Server Error\n")
    guard let made = makeResponse(fallback, connection: connection, context: context) else { return .NO }
    defer { MHD_destroy_response(made) }
    return MHD_queue_response(connection, 500, made)
}

private func makeResponse(
    _ response: HTTPResponse, connection: OpaquePointer, context: ServerContext
) -> OpaquePointer? {
    let made =
        if let stream = response.stream {
            makeStreamResponse(stream, connection: connection, context: context)
        } else if response.upgrade != nil {
            makeUpgradeResponse(context: context)
        } else {
            response.body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
    guard let made else { return nil }
    let fields = response.headers.fields
    for index in fields.indices where MHD_add_response_header(made, fields[index].name, fields[index].value) != .YES {
        MHD_destroy_response(made)
        return nil
    }
    return made
}

/// Collects the request's header fields in arrival order.
private func readHeaders(_ connection: OpaquePointer) -> HTTPHeaders {
    var headers = HTTPHeaders()
    headers.reserveCapacity(12)
    withUnsafeMutablePointer(to: &headers) { pointer in
        _ = MHD_get_connection_values(connection, .HEADER_KIND, headerCollector, pointer)
    }
    return headers
}

private func headerCollector(
    _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind,
    _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
    headers.pointee.add(name: String(cString: key), value: value.map { String(cString: $0) } ?? "")
    return .YES
}

