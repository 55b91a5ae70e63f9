internal import CPangoCairo
internal import MonogramCore

/// How much of each pixel a face's outline covers, exactly as cairo's anti-aliased fill
/// rasterises it, kept as runs: per row the run of fully covered pixels and the few partially
/// covered ones around it. Rasterising a 128 px circle costs cairo about as much as the rest of
/// the drawing; a cached coverage lets the background be written straight into the pixels and
/// tells where text needs no clip. Immutable, so one copy serves every thread.
final class OutlineCoverage: Sendable {
    let side: Int
    /// Whether cairo keeps this outline as a clip made of pixel-aligned rectangles (a square):
    /// it then composites glyphs straight onto the surface, with no coverage mask.
    let clipIsRegion: Bool
    /// Per row, `fullStart[y]..<fullEnd[y]` is the longest run of pixels covered 255.
    private let fullStart: [Int32]
    private let fullEnd: [Int32]
    /// Row y's other covered pixels are `partialColumn[i]` (coverage `partialCoverage[i]`)
    /// for i in `partialStart[y]..<partialStart[y + 1]`.
    private let partialStart: [Int32]
    private let partialColumn: [Int32]
    private let partialCoverage: [UInt8]
    /// Per row, `coveredStart[y]..<coveredEnd[y]` holds every covered pixel (empty: none).
    private let coveredStart: [Int32]
    private let coveredEnd: [Int32]
    /// Whether every pixel in each row's covered range has some coverage (convex outlines):
    /// then writing a row's runs and zeros outside the range writes every pixel once.
    private let rowsAreSolid: Bool

    /// Rasterises `painter`'s outline once, with the same path and fill the face itself would use.
    init(of painter: AvatarPainter) throws(RenderError) {
        let side = painter.spec.pixelSize
        let surface = try CairoSurface.image(.a8, width: side, height: side)
        var isRegion = false
        do {
            let cairo = try CairoContext(drawingOn: surface)
            painter.outlinePath(on: cairo)
            cairo.setSource(.white)
            cairo.fill()
            painter.outlinePath(on: cairo)
            cairo.clip()
            isRegion = cairo.clipIsRegion
            try cairo.checkStatus()
        }
        var fullStart = [Int32](), fullEnd = [Int32](), partialStart: [Int32] = [0]
        var partialColumn = [Int32](), partialCoverage = [UInt8]()
        var coveredStart = [Int32](), coveredEnd = [Int32](), rowsAreSolid = true
        fullStart.reserveCapacity(side)
        fullEnd.reserveCapacity(side)
        partialStart.reserveCapacity(side + 1)
        try surface.withPixels { (data) throws(RenderError) in
            let stride = surface.stride
            for y in 0..<side {
                let row = (data + y * stride).assumingMemoryBound(to: UInt8.self)
                // The longest run of 255; everything else that is covered at all is partial.
                var best = (0, 0), x = 0
                while x < side {
                    guard row[x] == 255 else { x += 1; continue }
                    let start = x
                    while x < side && row[x] == 255 { x += 1 }
                    if x - start > best.1 - best.0 { best = (start, x) }
                }
                fullStart.append(Int32(best.0))
                fullEnd.append(Int32(best.1))
                for x in 0..<side where row[x] != 0 && !(best.0..<best.1).contains(x) {
                    partialColumn.append(Int32(x))
                    partialCoverage.append(row[x])
                }
                partialStart.append(Int32(partialColumn.count))
                let first = (0..<side).first { row[$0] != 0 }, last = (0..<side).last { row[$0] != 0 }
                coveredStart.append(Int32(first ?? 0))
                coveredEnd.append(Int32(last.map { $0 + 1 } ?? 0))
                if let first, let last, (first...last).contains(where: { row[$0] == 0 }) { rowsAreSolid = false }
            }
        }
        self.side = side
        self.clipIsRegion = isRegion
        self.fullStart = fullStart
        self.fullEnd = fullEnd
        self.partialStart = partialStart
        self.partialColumn = partialColumn
        self.partialCoverage = partialCoverage
        self.coveredStart = coveredStart
        self.coveredEnd = coveredEnd
        self.rowsAreSolid = rowsAreSolid
    }

    /// Bytes held, for the cache's budget: the arrays' allocated capacity (appends grow them
    /// past their counts), plus a fixed charge for the object and the arrays' headers.
    var byteCount: Int {
        let words = fullStart.capacity + fullEnd.capacity + partialStart.capacity + partialColumn.capacity
            + coveredStart.capacity + coveredEnd.capacity
        return 512 + 4 * words + partialCoverage.capacity
    }

    /// Whether every pixel of `box` (whole pixels, clamped to the image) is covered 255: a
    /// clip by the outline would leave what is drawn there untouched.
    func coversFully(_ box: PixelBox) -> Bool {
        guard box.minX >= 0, box.minY >= 0, box.maxX <= side, box.maxY <= side else { return false }
        for y in box.minY..<box.maxY where Int(fullStart[y]) > box.minX || Int(fullEnd[y]) < box.maxX {
            return false
        }
        return true
    }

    /// Writes every one of `side × side` ARGB32 pixels (memory never cleared is fine) with what
    /// cairo's fill of the outline in the opaque `colour` gives on a transparent image: the
    /// premultiplied colour where coverage is 255, each channel scaled by the coverage where it
    /// is partial, rounded as cairo's span renderer rounds (`(x·c + 0x7f) / 255` by its
    /// shift-and-add), and zero outside.
    func paint(opaque colour: RGBA, into pixels: UnsafeMutableRawPointer, stride: Int) {
        let pixel = UInt32(255) << 24 | UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue)
        partialStart.withUnsafeBufferPointer { partialStart in
            partialColumn.withUnsafeBufferPointer { partialColumn in
                partialCoverage.withUnsafeBufferPointer { partialCoverage in
                    for y in 0..<side {
                        let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                        let covered = Int(coveredStart[y]), coveredEnd = Int(coveredEnd[y])
                        if !rowsAreSolid || coveredEnd == 0 {
                            row.update(repeating: 0, count: side)
                        } else {
                            row.update(repeating: 0, count: covered)
                            (row + coveredEnd).update(repeating: 0, count: side - coveredEnd)
                        }
                        let start = Int(fullStart[y]), end = Int(fullEnd[y])
                        if end > start { (row + start).update(repeating: pixel, count: end - start) }
                        for i in Int(partialStart[y])..<Int(partialStart[y + 1]) {
                            row[Int(partialColumn[i])] = Self.scaled(pixel, by: UInt32(partialCoverage[i]))
                        }
                    }
                }
            }
        }
    }

    /// Composites the opaque `colour` over the ARGB32 pixels at `pixels` (the outline's top-left
    /// corner) as cairo's fill of the outline does on an image with no clip (a group face and
    /// its ring, issue 26): the colour where coverage is 255, cairo's `lerp8x4` where it is
    /// partial (colour·c/255 + pixel·(255−c)/255 per channel, each rounded as `scaled`, summed
    /// with saturation), the pixels untouched outside.
    func paint(over colour: RGBA, into pixels: UnsafeMutableRawPointer, stride: Int) {
        let pixel = UInt32(255) << 24 | UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue)
        func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
            let t = a &+ b
            return (t | (0x0100_0100 &- ((t >> 8) & 0x00FF_00FF))) & 0x00FF_00FF
        }
        for y in 0..<side {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            let start = Int(fullStart[y]), end = Int(fullEnd[y])
            if end > start { (row + start).update(repeating: pixel, count: end - start) }
            for i in Int(partialStart[y])..<Int(partialStart[y + 1]) {
                let x = Int(partialColumn[i]), c = UInt32(partialCoverage[i])
                let s = Self.scaled(pixel, by: c), d = Self.scaled(row[x], by: 255 - c)
                row[x] = add(s & 0x00FF_00FF, d & 0x00FF_00FF) | add(s >> 8 & 0x00FF_00FF, d >> 8 & 0x00FF_00FF) << 8
            }
        }
    }

    /// `pixel`'s four channels times `coverage` / 255, two channels per multiply (cairo's mul8x2_8).
    @inline(__always)
    static func scaled(_ pixel: UInt32, by coverage: UInt32) -> UInt32 {
        func two(_ channels: UInt32) -> UInt32 {
            let t = (channels & 0x00FF_00FF) &* coverage &+ 0x007F_007F
            return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        }
        return two(pixel) | two(pixel >> 8) << 8
    }
}

/// A box of whole pixels, `minX..<maxX` × `minY..<maxY`.
struct PixelBox: Hashable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    /// The pixels `box` touches, grown by `margin` on every side; nil unless the box is a
    /// finite one within a million pixels of the origin.
    init?(around box: TextBox, margin: Double) {
        let edges = [box.minX - margin, box.minY - margin, box.maxX + margin, box.maxY + margin]
        guard edges.allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return nil }
        minX = Int(edges[0].rounded(.down))
        minY = Int(edges[1].rounded(.down))
        maxX = Int(edges[2].rounded(.up))
        maxY = Int(edges[3].rounded(.up))
    }
}
