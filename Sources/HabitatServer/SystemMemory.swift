#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator settings that matter to a long-running server with many idle connections. Both
/// functions are in <malloc.h>, which Swift's Glibc module leaves out, so they are looked up by name;
/// elsewhere these do nothing.
public enum SystemMemory {
    /// Every login hashes into a 16 MiB scrypt buffer. glibc raises its mmap threshold after the first such
    /// buffer is freed, so later ones come from the heap, where small long-lived allocations then pin
    /// them: a fixed 1 MiB threshold gives each buffer back when its hash is done. Call once at start-up.
    public static func returnLargeBuffersWhenFreed() {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThreshold, 1 << 20)
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
