/// Everything the renderer needs to draw a group, fully resolved: equal specs draw identical
/// pixels.
public struct GroupSpec: Sendable, Hashable {
    /// The faces left to right; the first is drawn on top. Each is the spec of that person's
    /// single avatar at the group's size (`pixelSize == layout.side`); the renderer draws it
    /// shrunk to `layout.innerSide` inside the ring.
    public var faces: [AvatarSpec]
    /// The `+N` bubble after the last face (under it), if any.
    public var bubble: AvatarSpec?
    public var layout: GroupLayout
    /// Outline of every face and of its ring (`.circle`, `.square` or `.rounded`).
    public var shape: Shape
    /// Ring colour; alpha 0 cuts the ring out of the faces below (knock-out).
    public var ring: RGBA

    public init(faces: [AvatarSpec], bubble: AvatarSpec?, layout: GroupLayout, shape: Shape, ring: RGBA) {
        self.faces = faces
        self.bubble = bubble
        self.layout = layout
        self.shape = shape
        self.ring = ring
    }

    /// Faces then the bubble: one spec per layout slot.
    public var slots: [AvatarSpec] { faces + (bubble.map { [$0] } ?? []) }
}
