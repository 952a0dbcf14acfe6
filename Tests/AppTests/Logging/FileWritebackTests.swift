import Foundation
import Glibc
import Synchronization
import Testing

@testable import App

/// The descriptors a `FileWriteback` handed over, in order.
private final class HandOvers: Sendable {
    let descriptors = Mutex<[Int32]>([])
    var count: Int { descriptors.withLock { $0.count } }
    func record(_ descriptor: Int32) { descriptors.withLock { $0.append(descriptor) } }
}

/// A file of its own in a fresh folder beside the build (not `/tmp`, which may be memory).
private func temporaryFile() throws -> (path: String, descriptor: Int32) {
    let folder = FileManager.default.currentDirectoryPath + "/.build/writeback-tests"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/\(UUID().uuidString).log"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    #expect(descriptor >= 0, "could not create \(path)")
    return (path, descriptor)
}

/// How many of the first `length` bytes of `path` have their pages in the page cache.
private func residentPages(_ path: String, length: Int) -> Int {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    defer { close(descriptor) }
    guard let mapping = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED
    else { return -1 }
    defer { munmap(mapping, length) }
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    var vector = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
    guard mincore(mapping, length, &vector) == 0 else { return -1 }
    return vector.filter { $0 & 1 != 0 }.count
}

/// Whether `path` is on a memory file system (tmpfs, ramfs), whose pages have no disk to
/// go to: the file system of the longest mount point above it, from `/proc/mounts`.
private func isInMemory(_ path: String) -> Bool {
    guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return false }
    var best: (point: String, type: String) = ("", "")
    for line in mounts.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count > 2 else { continue }
        let point = String(fields[1])
        let above = point == "/" || path.hasPrefix(point + "/")
        if above && point.count > best.point.count { best = (point, String(fields[2])) }
    }
    return best.type == "tmpfs" || best.type == "ramfs"
}

@Suite("Log file writeback")
struct FileWritebackTests {
    @Test("a file is handed to the disk once per interval written, not per write")
    func handedOverPerInterval() throws {
        let (path, descriptor) = try temporaryFile()
        defer {
            close(descriptor)
            unlink(path)
        }
        let handOvers = HandOvers()
        let writeback = FileWriteback(descriptor: descriptor, interval: 1000) { handOvers.record($0) }
        writeback.wrote(400)
        writeback.wrote(400)
        #expect(handOvers.count == 0)
        writeback.wrote(400)  // 1,200: handed over, 200 toward the next
        #expect(handOvers.descriptors.withLock { $0 } == [descriptor])
        writeback.wrote(799)
        #expect(handOvers.count == 1)
        writeback.wrote(1)
        #expect(handOvers.count == 2)
        writeback.wrote(5000)  // a long write spans intervals: one hand-over covers it
        #expect(handOvers.count == 3)
    }

    @Test("a pipe is never handed over")
    func pipeLeftAlone() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let handOvers = HandOvers()
        let writeback = FileWriteback(descriptor: ends[1], interval: 1000) { handOvers.record($0) }
        for _ in 0..<10 { writeback.wrote(1000) }
        #expect(handOvers.count == 0)
    }

    @Test("handing over leaves none of the written pages cached once they are on disk")
    func writtenPagesLeaveTheCache() throws {
        let (path, descriptor) = try temporaryFile()
        defer {
            close(descriptor)
            unlink(path)
        }
        let length = 4 << 20
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
        for _ in 0..<(length / chunk.count) {
            #expect(chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == chunk.count)
        }
        #expect(fdatasync(descriptor) == 0)  // clean pages, so that they may be dropped
        guard !isInMemory(path) else { return }  // tmpfs keeps them: nothing to observe
        #expect(residentPages(path, length: length) > 0, "the written pages were not cached at all")
        FileWriteback.startWriteback(of: descriptor)
        #expect(residentPages(path, length: length) == 0)
    }
}
