internal import CMimalloc

#if canImport(Glibc)
    import Glibc
#endif

/// The memory allocator every `malloc` and `free` of the process goes to: mimalloc, linked
/// in place of the C library's (docs/architecture.md, "Why these libraries").
enum Allocator {
    /// Its name and version, as `kitchen version` prints it: `mimalloc 2.0.9`.
    static var description: String {
        let version = Int(mi_version())
        return "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)"
    }

    /// Whether a block from the C library's `malloc` lies in mimalloc's heap, that is,
    /// whether its `malloc` is the one every library of the process calls: a link order
    /// that put libc first would leave mimalloc linked but unused.
    static var servesMalloc: Bool {
        guard let block = malloc(64) else { return false }
        defer { free(block) }
        return mi_is_in_heap_region(block)
    }
}
