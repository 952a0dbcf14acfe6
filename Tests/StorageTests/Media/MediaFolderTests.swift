import Foundation
import Synchronization
import Testing

@testable import Storage

/// The real paths of the descriptors a folder synced, in order.
private final class Syncs: Sendable {
    let paths = Mutex<[String]>([])
    let fails: Bool

    init(fails: Bool = false) {
        self.fails = fails
    }

    func record(_ descriptor: Int32) -> Bool {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) ?? "?"
        paths.withLock { $0.append(link) }
        return !fails && fsync(descriptor) == 0
    }
}

/// `path` with its symbolic links resolved, as `/proc/self/fd` names files.
private func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}

@Suite("MediaFolder")
struct MediaFolderTests {
    @Test("a staged file appears under its hash only when committed")
    func commitMovesIntoPlace() throws {
        let directory = try TemporaryDirectory()
        let folder = try MediaFolder(databasePath: directory.path())
        let bytes: [UInt8] = [1, 2, 3]
        let hash = ContentHash.sha256(bytes)
        let staged = try folder.stage(bytes)
        #expect(folder.storedNames().isEmpty)
        #expect(folder.stagedNames().count == 1)
        try folder.commit(staged: staged, hash: hash)
        #expect(folder.storedNames() == [hash])
        #expect(folder.stagedNames().isEmpty)
        #expect(FileManager.default.contents(atPath: folder.originalPath(hash: hash)) == Data(bytes))
    }

    @Test("an original is synced before it is named, and its new name when it is; a resized copy is not")
    func originalsAreDurable() throws {
        let directory = try TemporaryDirectory()
        let syncs = Syncs()
        let folder = try MediaFolder(path: directory.path("media"), sync: syncs.record)
        let bytes: [UInt8] = [4, 5, 6]
        let staged = try folder.stage(bytes)
        #expect(syncs.paths.withLock { $0 } == [realPath(staged)])
        try folder.commit(staged: staged, hash: ContentHash.sha256(bytes))
        #expect(syncs.paths.withLock { $0 } == [realPath(staged), realPath(folder.path)])
        folder.discard(staged: try folder.stage([1], durable: false))
        #expect(syncs.paths.withLock { $0.count } == 2)
    }

    @Test("a file that cannot be synced is refused and leaves nothing staged")
    func unsyncedIsRefused() throws {
        let directory = try TemporaryDirectory()
        let folder = try MediaFolder(path: directory.path("media"), sync: Syncs(fails: true).record)
        #expect(throws: CocoaError.self) { try folder.stage([1, 2]) }
        #expect(folder.stagedNames().isEmpty)
    }

    @Test("a discarded staged file leaves nothing behind, and the same content twice is stored once")
    func discardAndDeduplicate() throws {
        let directory = try TemporaryDirectory()
        let folder = try MediaFolder(databasePath: directory.path())
        folder.discard(staged: try folder.stage([9]))
        #expect(folder.storedNames().isEmpty && folder.stagedNames().isEmpty)
        let hash = ContentHash.sha256([7])
        try folder.commit(staged: try folder.stage([7]), hash: hash)
        try folder.commit(staged: try folder.stage([7]), hash: hash)
        #expect(folder.storedNames() == [hash])
        #expect(folder.stagedNames().isEmpty)
    }
}
