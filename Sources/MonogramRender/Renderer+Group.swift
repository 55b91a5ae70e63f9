public import MonogramCore
internal import CPangoCairo

extension Renderer {
    /// Most pixels a group image may have: the memory of the largest single avatar.
    public static let largestGroupPixels = largestPixelSize * largestPixelSize

    /// Encodes a group avatar (API §2). Safe to call from many threads at once.
    public func renderGroup(_ spec: GroupSpec, format: ImageFormat, document: SVGDocument = SVGDocument()) throws(RenderError) -> [UInt8] {
        let layout = spec.layout
        guard !spec.faces.isEmpty, layout.slots == spec.slots.count,
            (1...Renderer.largestPixelSize).contains(layout.side), layout.innerSide >= 1, layout.step >= 0,
            layout.width * layout.height <= Renderer.largestGroupPixels
        else {
            throw RenderError(kind: .invalidSpec, message: "group layout out of range")
        }
        if case .mask = spec.shape {
            throw RenderError(kind: .invalidSpec, message: "groups do not draw masks")
        }
        let painter = GroupPainter(spec: spec, outlines: outlines)
        var scheme = SVGColorScheme()
        for face in spec.slots { scheme.add(face) }
        return try Renderer.encode(width: layout.width, height: layout.height, format: format, scheme: scheme, document: document) {
            (cairo) throws(RenderError) in
            try painter.draw(on: cairo)
        }
    }
}
