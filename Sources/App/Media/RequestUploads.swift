import Foundation
import GraphQL
import Storage
import Synchronization

/// The files one request uploaded, from decoding until the request is answered.
///
/// Each file is staged (written to the media folder's `tmp/`) before execution; resolvers
/// turn an `Upload` argument into the file with `file(for:)` and store its
/// `/media/<hash>` address like any URL. When the request is over, `settle` keeps the
/// files a committed write now refers to (moved into place, recorded in `media`) and
/// deletes the rest, so a rejected mutation leaves no file behind.
final class RequestUploads: Sendable {
    /// The prefix of the placeholder strings substituted into `variables` for files.
    static let placeholderPrefix = "kitchen-upload:"

    private let files: [UploadedFile]
    private let staged: Mutex<[String?]>

    /// No uploads: an ordinary JSON or GET request.
    static let none = RequestUploads(files: [])

    init(files: [UploadedFile]) {
        self.files = files
        self.staged = Mutex(Array(repeating: nil, count: files.count))
    }

    /// The placeholder that stands for file `index` in `variables`.
    static func placeholder(_ index: Int) -> String { placeholderPrefix + String(index) }

    var isEmpty: Bool { files.isEmpty }

    /// The file an `Upload` value stands for, or BAD_USER_INPUT when it names none of this
    /// request's files (a placeholder typed by hand into a JSON request).
    func file(for value: Value) throws(GraphQLError) -> UploadedFile {
        guard case .string(let text) = value, text.hasPrefix(Self.placeholderPrefix),
            let index = Int(text.dropFirst(Self.placeholderPrefix.count)), files.indices.contains(index)
        else {
            throw GraphQLError(
                "An Upload must be a file sent with the GraphQL multipart request.", code: .badUserInput)
        }
        return files[index]
    }

    /// This request's file with content `hash`, if any: the pictures a mutation has just
    /// stored are recorded in `media` only once the request is over.
    func file(hash: String) -> UploadedFile? {
        files.first { $0.hash == hash }
    }

    /// Writes every file to the media folder's `tmp/`.
    func stage(in folder: MediaFolder) throws {
        for (index, file) in files.enumerated() {
            let path = try folder.stage(file.bytes)
            staged.withLock { $0[index] = path }
        }
    }

    /// Keeps the files something now refers to and deletes the others; safe to call once
    /// the request's writes have committed (or failed).
    func settle(folder: MediaFolder, media: any MediaStore) {
        let paths = staged.withLock { paths in
            defer { paths = Array(repeating: nil, count: paths.count) }
            return paths
        }
        for (file, path) in zip(files, paths) {
            guard let path else { continue }
            let kept = (try? media.isReferenced(url: file.url)) ?? false
            guard kept else {
                folder.discard(staged: path)
                continue
            }
            do {
                try folder.commit(staged: path, hash: file.hash)
            } catch {
                // The rename failed (the staged copy goes), or the folder could not be
                // synced after it: the picture is in place all the same, and recorded.
                folder.discard(staged: path)
            }
            if folder.holds(hash: file.hash) { try? media.record(file.mediaItem) }
        }
    }
}
