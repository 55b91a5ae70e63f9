internal import MonogramSync

#if canImport(Glibc)
    private import Glibc
#elseif canImport(Darwin)
    private import Darwin
#endif

/// The masks loaded at start-up plus a bounded cache of copies scaled to the sizes requested.
/// The originals are immutable; only the cache changes, under a mutex.
final class MaskStore: Sendable {
    /// Scaled copies are kept only for sizes up to this (a 1024² A8 mask is 1 MiB).
    static let largestCachedSide = 1024
    /// Scaled copies kept per store before the cache starts over.
    static let cachedCopiesLimit = 64

    private struct Key: Hashable {
        var name: String
        var side: Int
    }

    let originals: [String: MaskImage]
    private let scaledCopies = Locked<[Key: MaskImage]>([:])

    init(originals: [String: MaskImage]) {
        self.originals = originals
    }

    /// Loads every `*.png` in `directory` (no directory: no masks).
    convenience init(directory: String) throws(RenderError) {
        var masks: [String: MaskImage] = [:]
        for file in MaskStore.pngFiles(in: directory) {
            let path = directory.hasSuffix("/") ? directory + file : directory + "/" + file
            let image: RGBAImage
            do {
                image = try PNGCodec.decode(path: path)
            } catch {
                throw RenderError(kind: .maskFile, message: "mask \(file) is not a readable PNG")
            }
            masks[String(file.dropLast(4))] = MaskImage(alphaOf: image)
        }
        self.init(originals: masks)
    }

    /// `name` scaled to `side × side`, nil when there is no such mask.
    func mask(named name: String, side: Int) throws(RenderError) -> MaskImage? {
        guard let original = originals[name] else { return nil }
        if original.width == side && original.height == side { return original }
        let key = Key(name: name, side: side)
        if let cached = scaledCopies.withLock({ $0[key] }) { return cached }
        // Scaled outside the lock: two threads may both scale the same size once; harmless.
        let scaled = try original.scaled(to: side)
        if side <= MaskStore.largestCachedSide {
            scaledCopies.withLock { cache in
                if cache.count >= MaskStore.cachedCopiesLimit { cache.removeAll(keepingCapacity: true) }
                cache[key] = scaled
            }
        }
        return scaled
    }

    private static func pngFiles(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasSuffix(".png") && !name.hasPrefix(".") && name.count > 4 { names.append(name) }
        }
        return names.sorted()
    }
}
