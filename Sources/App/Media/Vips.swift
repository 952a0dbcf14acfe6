internal import CVips

/// libvips, started once per process: reads an image's real format and size, and makes
/// resized copies.
enum Vips {
    /// Whether libvips started; evaluated once, thread-safely, on first use.
    static let isReady: Bool = kitchen_vips_start() == 0

    /// The pixel size and libvips loader name of an image, or nil when libvips cannot
    /// read the bytes as one.
    static func header(_ bytes: [UInt8]) -> (width: Int, height: Int, loader: String)? {
        guard isReady, !bytes.isEmpty else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        var loader = [CChar](repeating: 0, count: 64)
        let status = bytes.withUnsafeBytes { input in
            loader.withUnsafeMutableBufferPointer { name in
                kitchen_vips_header(input.baseAddress, input.count, &width, &height, name.baseAddress, name.count)
            }
        }
        guard status == 0 else { return nil }
        let name = loader.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (Int(width), Int(height), name)
    }

    /// A copy at most `width` pixels wide (never enlarged) in `format`, or nil on failure.
    static func thumbnail(_ bytes: [UInt8], width: Int, format: ImageFormat) -> [UInt8]? {
        guard isReady else { return nil }
        var output: UnsafeMutableRawPointer?
        var length = 0
        let status = bytes.withUnsafeBytes { input in
            kitchen_vips_thumbnail(input.baseAddress, input.count, Int32(width), format.vipsCode, &output, &length)
        }
        guard status == 0, let output else { return nil }
        defer { kitchen_vips_free(output) }
        return Array(UnsafeRawBufferPointer(start: output, count: length))
    }
}
