#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator settings that matter to a long-running server with many idle connections. Both
/// functions are in <malloc.h>, which Swift's Glibc module leaves out, so they are looked up by name;
/// elsewhere these do nothing.
public enum SystemMemory {
    /// Every login hashes into a 16 MiB scrypt buffer. glibc raises its mmap threshold after the first such
    /// buffer is freed, so later ones come from the heap, where small long-lived allocations then pin
    /// them: a fixed 1 MiB threshold gives each buffer back when its hash is done. Fixing it also stops
    /// glibc's raising of the trim threshold, so that is set to what it would have reached (32 MiB): the
    /// heap is not shrunk and regrown under load, and ``returnFreePages()`` gives memory back when idle.
    /// Call once at start-up.
    public static func returnLargeBuffersWhenFreed() {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let (trimThreshold, mmapThreshold): (Int32, Int32) = (-1, -3)  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        _ = mallopt(mmapThreshold, 1 << 20)
        _ = mallopt(trimThreshold, 32 << 20)
        #endif
    }

    /// Gives the pages of freed memory back to the system (after many files were closed, say), even those
    /// between allocations still in use, which `free` alone keeps.
    static func returnFreePages() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
