/// The picture formats Kitchen accepts, recognised by their bytes, never by a file name
/// or a declared content type.
enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp

    /// The format whose signature starts `bytes`, or nil.
    ///
    /// JPEG starts `FF D8 FF`; PNG with its 8-byte signature; WebP is a RIFF container
    /// whose form type (bytes 8–11) is `WEBP`.
    init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
            bytes[8..<12].elementsEqual("WEBP".utf8)
        {
            self = .webp
        } else {
            return nil
        }
    }

    /// The `Content-Type` the picture is served with.
    var mediaType: String { "image/" + rawValue }

    /// What the name of the libvips loader that recognises the bytes must contain, lower
    /// case (libvips names the class, e.g. `VipsForeignLoadPngBuffer`).
    var vipsLoaderMarker: String { "load" + rawValue }

    /// The format code of `kitchen_vips_thumbnail`.
    var vipsCode: Int32 {
        switch self {
        case .jpeg: 0
        case .png: 1
        case .webp: 2
        }
    }
}
