import Foundation

/// Where uploaded pictures live on disk: a folder beside the database file
/// (`kitchen.sqlite` → `kitchen.sqlite.media/`), one file per content hash, resized
/// versions beside it (`<hash>.w280`), and `tmp/` for uploads not yet committed.
///
/// A file is moved into place (an atomic rename) only after the mutation that uses it has
/// committed, so a failed mutation leaves nothing behind; a process that dies between
/// staging and commit leaves only a `tmp/` file, which the next start puts in place when a
/// row refers to it (the App's `StagedRecovery`) and `removeStaleStaged` otherwise clears.
///
/// An upload is on disk before anyone hears of it, as a database change is: a staged
/// original is synced before the mutation that refers to it runs, and the folder is synced
/// after the rename that names it, both before the request is answered. (Resized versions
/// can be made again, and are not synced.)
public struct MediaFolder: Sendable {
    /// The folder's path.
    public let path: String
    /// Makes a descriptor's file (or folder) durable; `fsync` but in tests.
    let sync: @Sendable (Int32) -> Bool

    /// The folder beside the database at `databasePath`; created when missing.
    public init(databasePath: String) throws {
        try self.init(path: databasePath + ".media")
    }

    /// The folder at `path`; created (with `tmp/`) when missing.
    public init(path: String) throws {
        try self.init(path: path, sync: { fsync($0) == 0 })
    }

    /// The folder at `path`, syncing with `sync` (tests pass one that records).
    init(path: String, sync: @escaping @Sendable (Int32) -> Bool) throws {
        self.path = path
        self.sync = sync
        try FileManager.default.createDirectory(
            atPath: path + "/tmp", withIntermediateDirectories: true)
    }

    /// The original's path for a hash.
    public func originalPath(hash: String) -> String { "\(path)/\(hash)" }

    /// The path of the version resized to `width` pixels.
    public func resizedPath(hash: String, width: Int) -> String { "\(path)/\(hash).w\(width)" }

    /// The path of the staged file `name` in `tmp/`.
    public func stagedPath(_ name: String) -> String { "\(path)/tmp/\(name)" }

    /// Writes bytes to a new file in `tmp/` and returns its path; `durable` syncs the file
    /// before returning (an original must be; a resized version need not).
    public func stage(_ bytes: [UInt8], durable: Bool = true) throws -> String {
        let staged = stagedPath(UUID().uuidString)
        guard FileManager.default.createFile(atPath: staged, contents: Data(bytes)) else {
            throw Self.writeFailure(staged)
        }
        guard !durable || synced(staged, flags: O_RDONLY) else {
            discard(staged: staged)
            throw Self.writeFailure(staged)
        }
        return staged
    }

    /// Moves a staged file into place under its hash and syncs the folder, so that the new
    /// name survives a power cut; when the hash is already stored the staged copy is simply
    /// removed (same content).
    public func commit(staged: String, hash: String) throws {
        let target = originalPath(hash: hash)
        if holds(hash: hash) {
            discard(staged: staged)
            return
        }
        guard rename(staged, target) == 0 else { throw Self.writeFailure(target) }
        guard synced(path, flags: O_RDONLY | O_DIRECTORY) else { throw Self.writeFailure(path) }
    }

    /// Opens `file` with `flags` and makes it durable with `sync`; false when either fails.
    private func synced(_ file: String, flags: Int32) -> Bool {
        let descriptor = open(file, flags | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return sync(descriptor)
    }

    private static func writeFailure(_ path: String) -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }

    /// Whether the original with `hash` is in place.
    public func holds(hash: String) -> Bool {
        FileManager.default.fileExists(atPath: originalPath(hash: hash))
    }

    /// Removes a staged file that no mutation kept.
    public func discard(staged: String) {
        try? FileManager.default.removeItem(atPath: staged)
    }

    /// Removes staged files older than `age` (left by a process that died mid-request).
    public func removeStaleStaged(olderThan age: TimeInterval = 3600) {
        let cutoff = Date().addingTimeInterval(-age)
        for name in stagedNames() {
            let file = stagedPath(name)
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
