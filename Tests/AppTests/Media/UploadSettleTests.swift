import Foundation
import Glibc
import Testing

@testable import App
@testable import Storage

/// What `RequestUploads.settle` keeps of a request's files once its writes are over.
@Suite("Settling a request's uploads")
struct UploadSettleTests {
    /// A database on the run's store with one user whose avatar is `avatarURL` (nil: none),
    /// and a media folder in `folder` that syncs with `sync`.
    func setUp(
        in folder: String, avatarURL: String?, sync: @escaping @Sendable (Int32) -> Bool
    ) throws -> (ScratchDatabase, any MediaStore, MediaFolder) {
        let database = try ScratchDatabase()
        let users = database.repositories.users
        let cook = try users.createUser(username: "cook", name: "Cook", passwordHash: "-", isMember: false)
        if let avatarURL { _ = try users.updateProfile(userID: cook.id, ProfileChange(avatarURL: .some(avatarURL))) }
        return (database, database.repositories.media, try MediaFolder(path: folder + "/media", sync: sync))
    }

    func upload(_ bytes: [UInt8]) throws -> UploadedFile {
        let image = try #require(InspectedImage(bytes))
        return UploadedFile(partName: "0", bytes: bytes, hash: ContentHash.sha256(bytes), image: image)
    }

    func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("settle-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a referenced picture is put in place and recorded; an unreferenced one leaves nothing")
    func keepsWhatIsReferenced() throws {
        let folderPath = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folderPath) }
        let kept = try upload(TestImages.jpeg(width: 40, height: 30))
        let dropped = try upload(TestImages.jpeg(width: 20, height: 10))
        let (database, media, folder) = try setUp(in: folderPath, avatarURL: kept.url) { fsync($0) == 0 }
        defer { database.close() }
        let uploads = RequestUploads(files: [kept, dropped])
        try uploads.stage(in: folder)
        uploads.settle(folder: folder, media: media)
        #expect(folder.storedNames() == [kept.hash])
        #expect(folder.stagedNames().isEmpty)
        #expect(try media.items(hashes: [kept.hash, dropped.hash]).keys.sorted() == [kept.hash])
    }

    @Test("a picture whose folder could not be synced after the rename is in place, and recorded")
    func recordedWhenTheFolderSyncFails() throws {
        let folderPath = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folderPath) }
        let picture = try upload(TestImages.jpeg(width: 40, height: 30))
        // Files sync; the folder does not (an I/O error on the directory).
        let (database, media, folder) = try setUp(in: folderPath, avatarURL: picture.url) { descriptor in
            var status = stat()
            return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR && fsync(descriptor) == 0
        }
        defer { database.close() }
        let uploads = RequestUploads(files: [picture])
        try uploads.stage(in: folder)
        uploads.settle(folder: folder, media: media)
        #expect(folder.holds(hash: picture.hash))
        #expect(try media.items(hashes: [picture.hash])[picture.hash] == picture.mediaItem)
    }

    @Test("at start, a staged original a row names but the folder lacks is put in place and recorded")
    func stagedOriginalRecovered() throws {
        let folderPath = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folderPath) }
        let named = try upload(TestImages.jpeg(width: 40, height: 30))
        let unnamed = try upload(TestImages.jpeg(width: 20, height: 10))
        let (database, media, folder) = try setUp(in: folderPath, avatarURL: named.url) { fsync($0) == 0 }
        defer { database.close() }
        // As a power cut leaves them: the row committed, the renames lost.
        _ = try folder.stage(named.bytes)
        let leftOver = try folder.stage(unnamed.bytes)
        #expect(StagedRecovery.run(folder: folder, media: media) == [named.hash])
        #expect(folder.storedNames() == [named.hash])
        #expect(try media.items(hashes: [named.hash])[named.hash] == named.mediaItem)
        #expect(folder.stagedNames() == [URL(fileURLWithPath: leftOver).lastPathComponent])
        #expect(StagedRecovery.run(folder: folder, media: media).isEmpty)  // nothing more to do
    }
}
