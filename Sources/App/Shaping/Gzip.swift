internal import CZlib

/// gzip compression (RFC 1952) with zlib, for response bodies.
///
/// One call compresses a whole body: every body Kitchen compresses is already whole in
/// memory, so there is no stream to feed.
public enum Gzip {
    /// zlib's default level, 6: on Kitchen's screen answers it keeps within a few per cent of
    /// level 9's size at about half its time (`swift run -c release Benchmarks gzip`).
    public static let defaultLevel: Int32 = 6

    /// `bytes` as one gzip member at `level` (1 fastest … 9 smallest); nil only if zlib
    /// fails (out of memory).
    public static func compress(_ bytes: [UInt8], level: Int32 = defaultLevel) -> [UInt8]? {
        var stream = z_stream()
        guard kitchen_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // deflateBound covers the worst case (incompressible input) with the gzip wrapper,
        // so one call with Z_FINISH always completes.
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var finished = false
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            bytes.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                finished = deflate(&stream, Z_FINISH) == Z_STREAM_END
            }
            count = finished ? Int(stream.total_out) : 0
        }
        return finished ? output : nil
    }
}
