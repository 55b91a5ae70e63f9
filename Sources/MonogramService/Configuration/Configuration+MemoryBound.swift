import MonogramCore

extension Configuration {
    /// The README's memory formula ("Memory") for this configuration, as `MemoryPlan` computes
    /// it (without a container limit: a fitted configuration carries its work memory). Exported
    /// as `monogram_memory_bound_bytes`, so the resident-memory alert compares with the bound
    /// of the running configuration rather than a constant (the container limit is at or above it).
    var memoryBoundBytes: Int {
        (try? memoryPlan(limit: nil, workers: render.workerCount).totalBytes) ?? Int.max / 4
    }
}
