#if canImport(Glibc)
/// glibc's `int mallopt(int param, int value)` (malloc.h, which Swift's Glibc module leaves out).
@_silgen_name("mallopt") private func mallopt(_ param: Int32, _ value: Int32) -> Int32
/// malloc.h's parameter numbers.
private let M_TRIM_THRESHOLD: Int32 = -1
private let M_MMAP_THRESHOLD: Int32 = -3
#endif

/// How a process that draws many frames keeps their memory: a frame's large buffers (the image, the
/// batched paths of a layer, the encoder's rows: megabytes each) are freed at its end and needed
/// again by the next frame.
///
/// Left to glibc's defaults, blocks that large are mapped from the kernel for each frame and every
/// page faulted in anew (a quarter of a world-view frame's time went to page faults).
/// ``keepFreedMemory()`` serves them from the heap instead and keeps freed memory in the process
/// (BENCHMARKS.md has what it saves). The cost is resident memory: the high-water mark of the
/// frames in flight stays with the process (up to 256 MiB of it is not given back).
public enum FrameMemory {
    /// Blocks up to this many bytes come from the heap (glibc's `M_MMAP_THRESHOLD`).
    public static let mmapThreshold: Int32 = 64 << 20
    /// Free memory above this many bytes at the heap's top is given back (`M_TRIM_THRESHOLD`).
    public static let trimThreshold: Int32 = 256 << 20

    /// Sets the process's allocator as described above (glibc; elsewhere it does nothing).
    ///
    /// Call it once at the start of a program that draws (the `meridian` command does, for `render`
    /// and `serve`). Returns whether the allocator took both settings.
    @discardableResult
    public static func keepFreedMemory() -> Bool {
        #if canImport(Glibc)
        return mallopt(M_MMAP_THRESHOLD, mmapThreshold) == 1 && mallopt(M_TRIM_THRESHOLD, trimThreshold) == 1
        #else
        return false
        #endif
    }
}
