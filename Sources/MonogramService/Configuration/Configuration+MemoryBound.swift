extension Configuration {
    /// The README's memory formula ("Memory") for this configuration: cache.max_bytes +
    /// pictures.cache_bytes + render workers × 9 B × (4 × render.max_size)² + 48 MiB, plus
    /// pictures.decode_memory when pictures are on. Exported as `monogram_memory_bound_bytes`,
    /// so the resident-memory alert compares with the bound of the running configuration
    /// rather than a constant (the container limit is set at or above it).
    var memoryBoundBytes: Int {
        let side = 4 * render.maxSize
        var bytes = cache.maxBytes + pictures.cacheBytes + render.workerCount * 9 * side * side + (48 << 20)
        if !pictures.allowedHosts.isEmpty { bytes += pictures.decodeMemory }
        return bytes
    }
}
