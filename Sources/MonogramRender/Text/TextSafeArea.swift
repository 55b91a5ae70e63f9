internal import MonogramCore

/// Where text ink may go in a face: the shape inset by a margin, so no letter, accent or
/// descender is ever cut by the outline (and none touches it).
struct TextSafeArea {
    /// Margin between ink and outline, as a fraction of the side: three wide capitals at
    /// font-size 1.0 are shrunk to 88 % of the side, as before the baseline rule.
    static let margin = 0.06

    let shape: Shape
    let side: Double
    /// The scaled mask when the shape is one: its coverage is the outline.
    let mask: MaskImage?

    /// Whether every corner of `box` lies inside the inset outline. A mask is judged by its
    /// own coverage along the box grown by the margin (sampled; the shipped masks are convex,
    /// so the boundary decides).
    func contains(_ box: TextBox) -> Bool {
        let m = Self.margin * side
        guard box.minX >= m, box.minY >= m, box.maxX <= side - m, box.maxY <= side - m else { return false }
        let corners = [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)]
        switch shape {
        case .square:
            return true
        case .mask:
            guard let mask else { return true }
            return Self.covered(box, grownBy: m, in: mask)
        case .circle:
            let r = side / 2 - m
            return corners.allSatisfy { hypot($0.0 - side / 2, $0.1 - side / 2) <= r }
        case .rounded(let fraction):
            // The inset outline's corners are arcs of radius r − m around the same centres.
            let r = min(max(fraction, 0), 0.5) * side
            guard r > m else { return true }
            return corners.allSatisfy { x, y in
                let cx = min(max(x, r), side - r), cy = min(max(y, r), side - r)
                return hypot(x - cx, y - cy) <= r - m
            }
        }
    }

    /// The largest factor ≤ 1 by which `box`, scaled about the face's centre, fits (1 when
    /// it already does). Bisection: the test is cheap arithmetic and the outlines are convex.
    func fittingScale(for box: TextBox) -> Double {
        let c = side / 2
        if contains(box) { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<24 {
            let middle = (low + high) / 2
            if contains(box.scaled(by: middle, aboutX: c, y: c)) { low = middle } else { high = middle }
        }
        return low
    }

    /// Samples 16 points per edge of the grown box: each must be at least half covered.
    private static func covered(_ box: TextBox, grownBy m: Double, in mask: MaskImage) -> Bool {
        let grown = TextBox(minX: box.minX - m, minY: box.minY - m, maxX: box.maxX + m, maxY: box.maxY + m)
        func coverage(_ x: Double, _ y: Double) -> UInt8 {
            let column = Int(x.rounded(.down)), row = Int(y.rounded(.down))
            guard (0..<mask.width).contains(column), (0..<mask.height).contains(row) else { return 0 }
            return mask.bytes[row * mask.stride + column]
        }
        for step in 0...16 {
            let t = Double(step) / 16
            let x = grown.minX + t * grown.width, y = grown.minY + t * grown.height
            for (px, py) in [(x, grown.minY), (x, grown.maxY), (grown.minX, y), (grown.maxX, y)] where coverage(px, py) < 128 {
                return false
            }
        }
        return true
    }

    private func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
}
