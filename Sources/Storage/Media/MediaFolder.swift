import Foundation

/// Where uploaded pictures live on disk: a folder beside the database file
/// (`kitchen.sqlite` → `kitchen.sqlite.media/`), one file per content hash, resized
/// versions beside it (`<hash>.w280`), and `tmp/` for uploads not yet committed.
///
/// A file is moved into place (an atomic rename) only after the mutation that uses it has
/// committed, so a failed mutation leaves nothing behind; a process that dies between
/// staging and commit leaves only a `tmp/` file, which `removeStaleStaged` clears.
public struct MediaFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// The folder beside the database at `databasePath`; created when missing.
    public init(databasePath: String) throws {
        try self.init(path: databasePath + ".media")
    }

    /// The folder at `path`; created (with `tmp/`) when missing.
    public init(path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(
            atPath: path + "/tmp", withIntermediateDirectories: true)
    }

    /// The original's path for a hash.
    public func originalPath(hash: String) -> String { "\(path)/\(hash)" }

    /// The path of the version resized to `width` pixels.
    public func resizedPath(hash: String, width: Int) -> String { "\(path)/\(hash).w\(width)" }

    /// Writes bytes to a new file in `tmp/` and returns its path.
    public func stage(_ bytes: [UInt8]) throws -> String {
        let staged = "\(path)/tmp/\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: staged, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: staged])
        }
        return staged
    }

    /// Moves a staged file into place under its hash; when the hash is already stored
    /// the staged copy is simply removed (same content).
    public func commit(staged: String, hash: String) throws {
        let target = originalPath(hash: hash)
        if FileManager.default.fileExists(atPath: target) {
            discard(staged: staged)
            return
        }
        guard rename(staged, target) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
        }
    }

    /// Removes a staged file that no mutation kept.
    public func discard(staged: String) {
        try? FileManager.default.removeItem(atPath: staged)
    }

    /// Removes staged files older than `age` (left by a process that died mid-request).
    public func removeStaleStaged(olderThan age: TimeInterval = 3600) {
        let tmp = path + "/tmp"
        let cutoff = Date().addingTimeInterval(-age)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? [] {
            let file = "\(tmp)/\(name)"
            let modified = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
            if let modified, modified < cutoff { try? FileManager.default.removeItem(atPath: file) }
        }
    }

    /// The stored file names (originals and resized versions), for tests and checks.
    public func storedNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0 != "tmp" }.sorted()
    }

    /// The staged file names waiting in `tmp/`.
    public func stagedNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/tmp")) ?? []).sorted()
    }
}
