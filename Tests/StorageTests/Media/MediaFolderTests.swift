import Foundation
import Storage
import Testing

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
