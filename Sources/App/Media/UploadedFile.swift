import Storage

/// One file of a multipart request, checked to be a picture: its bytes, content hash,
/// format and size, and where it waits on disk until the request is over.
struct UploadedFile: Sendable {
    /// The multipart part name (the key in `map`).
    let partName: String
    let bytes: [UInt8]
    let hash: String
    let image: InspectedImage

    /// The address the picture will have once stored: `/media/<hash>`.
    var url: String { MediaRepository.urlPrefix + hash }

    /// What the `media` table records of it.
    var mediaItem: MediaItem { image.mediaItem(hash: hash, byteCount: bytes.count) }

    /// The picture as the domain stores it.
    var photo: Photo { Photo(url: url, width: image.width, height: image.height) }
}

extension InspectedImage {
    /// What the `media` table records of a stored picture with these properties.
    func mediaItem(hash: String, byteCount: Int) -> MediaItem {
        MediaItem(hash: hash, format: format.rawValue, width: width, height: height, byteCount: byteCount)
    }
}
