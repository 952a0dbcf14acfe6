internal import CZlib
import Synchronization

/// gzip compression (RFC 1952) with zlib at one level, for response bodies.
///
/// One call compresses a whole body: every body Kitchen compresses is already whole in
/// memory. zlib's streams are kept and reset between calls rather than made anew: setting
/// one up allocates and clears about 256 kB, which cost more than compressing a 4 kB cart
/// answer (`swift run -c release Benchmarks gzip`).
public final class GzipCompressor: Sendable {
    /// zlib's default level, 6: on Kitchen's screen answers 5–20% smaller than level 1
    /// for about 1.5 times its time, and within 2% of level 9 at under half of its time
    /// (Benchmarks/RESULTS.md).
    public static let defaultLevel: Int32 = 6

    /// The compression level, 1 (fastest) to 9 (smallest).
    public let level: Int32
    /// Streams not in use; one per thread that compressed at once, at most `keptStreams`.
    private let idle = Mutex<[DeflateStream]>([])
    private static let keptStreams = 16

    /// A compressor at `level` (1 fastest … 9 smallest).
    public init(level: Int32 = defaultLevel) {
        self.level = level
    }

    /// `bytes` as one gzip member; nil only if zlib fails (out of memory).
    public func compress(_ bytes: [UInt8]) -> [UInt8]? {
        guard let stream = idle.withLock({ $0.popLast() }) ?? DeflateStream(level: level) else { return nil }
        let compressed = stream.compress(bytes)
        if compressed != nil {
            idle.withLock { if $0.count < Self.keptStreams { $0.append(stream) } }
        }
        return compressed
    }
}

/// One zlib deflate stream set up for gzip output, reset before each use.
///
/// zlib's state points back at its `z_stream`, so the stream lives at a fixed heap
/// address. Used by one thread at a time: a compressor hands it out and takes it back
/// under its lock, so it is sent between threads but never shared.
private final class DeflateStream: @unchecked Sendable {
    private let stream: UnsafeMutablePointer<z_stream>

    init?(level: Int32) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard kitchen_deflate_init_gzip(stream, level) == Z_OK else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// `bytes` compressed, or nil if zlib fails (the stream must then not be used again).
    func compress(_ bytes: [UInt8]) -> [UInt8]? {
        guard deflateReset(stream) == Z_OK else { return nil }
        // deflateBound covers the worst case (incompressible input) with the gzip wrapper,
        // so one call with Z_FINISH always completes.
        let bound = Int(deflateBound(stream, uLong(bytes.count)))
        var finished = false
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            bytes.withUnsafeBufferPointer { input in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.pointee.avail_in = uInt(input.count)
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = uInt(buffer.count)
                finished = deflate(stream, Z_FINISH) == Z_STREAM_END
            }
            count = finished ? Int(stream.pointee.total_out) : 0
        }
        return finished ? output : nil
    }
}
