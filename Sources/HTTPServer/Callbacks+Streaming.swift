internal import CMicroHTTPD

// The streamed response: libmicrohttpd pulls the body through `streamReader` and, when
// the response is destroyed (sent, or the connection gone), calls `streamFreed`.

/// Makes a libmicrohttpd response that reads `stream`, with chunked encoding (size unknown).
func makeStreamResponse(
    _ stream: HTTPStream, connection: OpaquePointer, context: ServerContext
) -> OpaquePointer? {
    stream.attach(StreamConnection(pointer: connection), hangups: context.hangups)
    context.openStreams.add(stream)
    let box = Unmanaged.passRetained(StreamBox(stream: stream, context: context)).toOpaque()
    guard
        let made = MHD_create_response_from_callback(
            UInt64.max, 16 * 1024, streamReader, box, streamFreed)
    else {
        streamFreed(box)
        return nil
    }
    return made
}

/// What the reader callback's `cls` points at.
final class StreamBox {
    let stream: HTTPStream
    let context: ServerContext

    init(stream: HTTPStream, context: ServerContext) {
        self.stream = stream
        self.context = context
    }
}

/// Copies queued bytes; when none are queued the stream has suspended the connection
/// and 0 is returned, the pattern libmicrohttpd prescribes for "no data yet".
func streamReader(
    _ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int
) -> Int {
    guard let cls, let buffer, capacity > 0 else { return -2 }
    let box = Unmanaged<StreamBox>.fromOpaque(cls).takeUnretainedValue()
    switch box.stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)) {
    case .bytes(let count): return count
    case .waiting: return 0
    case .end: return -1  // MHD_CONTENT_READER_END_OF_STREAM
    case .abort: return -2  // MHD_CONTENT_READER_END_WITH_ERROR: close the connection
    }
}

/// The response is gone: the stream learns that its client is too.
func streamFreed(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let box = Unmanaged<StreamBox>.fromOpaque(cls).takeRetainedValue()
    box.context.openStreams.remove(box.stream)
    box.stream.close()
}
