/// What an uploaded file turned out to be: a picture in an accepted format, with its size.
struct InspectedImage: Sendable, Equatable {
    let format: ImageFormat
    let width: Int
    let height: Int

    /// The most pixels a picture may have (a decompression bomb is refused before it is
    /// ever decoded in full; libvips reads only the header here).
    static let maxPixels = 50_000_000

    /// Inspects `bytes`: the signature must name an accepted format, libvips must read the
    /// same format, and the size must be sane; otherwise nil.
    init?(_ bytes: [UInt8]) {
        guard let format = ImageFormat(sniffing: bytes),
            let header = Vips.header(bytes),
            header.loader.lowercased().contains(format.vipsLoaderMarker),
            header.width > 0, header.height > 0,
            header.width * header.height <= Self.maxPixels
        else { return nil }
        self.format = format
        self.width = header.width
        self.height = header.height
    }
}
