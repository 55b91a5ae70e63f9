/// Where the faces of a group avatar go, in device pixels. Pure arithmetic, so the geometry
/// the renderer draws and the width the tests and the JSON report come from one place.
///
/// Every quantity is a whole number of device pixels, so every face (and the `+N` bubble) starts
/// on a pixel boundary and they all have identical, crisp edges:
/// * `side = round(size × dpr)`, the same rule as a single avatar's pixel size;
/// * `step = round(side × (1 − overlap))`, the distance from one face's left edge to the next;
/// * `border = round(border px × dpr)`, the ring width;
/// * `width = side + (slots − 1) × step`, exactly what the faces need.
/// Rounding is half away from zero (`Double.rounded()`).
public struct GroupLayout: Sendable, Hashable {
    /// Height of the image and width of one face.
    public let side: Int
    /// Horizontal distance between the left edges of neighbouring faces.
    public let step: Int
    /// Ring width, drawn inside each face's `side × side` box.
    public let border: Int
    /// Faces plus the `+N` bubble, if there is one.
    public let slots: Int
    /// `dir=rtl`: slot 0 is the rightmost (still drawn on top), the row mirrored.
    public let rightToLeft: Bool

    public init(side: Int, step: Int, border: Int, slots: Int, rightToLeft: Bool = false) {
        self.side = side
        self.step = step
        self.border = border
        self.slots = slots
        self.rightToLeft = rightToLeft
    }

    /// The layout for `slots` faces of `size` CSS px at `dpr`, `overlap` and a `border` px ring.
    public init(size: Int, dpr: Double, overlap: Double, border: Int, slots: Int, rightToLeft: Bool = false) {
        let side = Int((Double(size) * dpr).rounded())
        self.init(
            side: side, step: Int((Double(side) * (1 - overlap)).rounded()),
            border: Int((Double(border) * dpr).rounded()), slots: slots, rightToLeft: rightToLeft)
    }

    public var width: Int { side + max(slots - 1, 0) * step }
    public var height: Int { side }

    /// Left edge of the face in `slot` (0 is the first, drawn on top: leftmost, or rightmost
    /// right to left). The positions are the left-to-right ones mirrored, so both rows are
    /// exactly as wide.
    public func left(ofSlot slot: Int) -> Int { (rightToLeft ? max(slots - 1 - slot, 0) : slot) * step }

    /// Side of the face drawn inside the ring: the ring takes `border` on every edge.
    public var innerSide: Int { side - 2 * border }
}
