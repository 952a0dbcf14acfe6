import Foundation
import Storage

/// Puts back, at start, the pictures a power cut left half stored.
///
/// A mutation's row is durable once its log flush is done, and its picture's name once the
/// media folder is synced after the rename (`MediaFolder`); a power cut between the two,
/// before the answer, leaves a row naming `/media/<hash>` with no original under that
/// name — but the original itself, synced, still in `tmp/`. Each staged file that a row
/// refers to and whose original is missing is moved into place and recorded; the others
/// are left to `removeStaleStaged`. Safe beside another server on the same folder: one
/// still settling the same file finds it in place and records it as well.
enum StagedRecovery {
    /// Moves the staged originals rows refer to into place; returns their hashes.
    @discardableResult
    static func run(folder: MediaFolder, media: any MediaStore) -> [String] {
        var recovered: [String] = []
        for name in folder.stagedNames() {
            let path = folder.stagedPath(name)
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let bytes = [UInt8](data)
            let hash = ContentHash.sha256(bytes)
            let url = MediaRepository.urlPrefix + hash
            guard !folder.holds(hash: hash), (try? media.isReferenced(url: url)) == true,
                let image = InspectedImage(bytes)
            else { continue }
            try? folder.commit(staged: path, hash: hash)
            guard folder.holds(hash: hash) else { continue }
            try? media.record(image.mediaItem(hash: hash, byteCount: bytes.count))
            recovered.append(hash)
        }
        return recovered
    }
}
