internal import MonogramCore

extension AvatarPainter {
    /// Scales the (square, premultiplied ARGB32) picture onto the whole face. `clipped`: the
    /// clip or mask set up by `draw` gives it the shape; otherwise the outline is filled with it.
    func drawPicture(_ bitmap: PictureBitmap, on cairo: borrowing CairoContext, clipped: Bool = true) throws(RenderError) {
        try bitmap.pixels.withUnsafeBufferPointer { (buffer) throws(RenderError) in
            // The bitmap is shared between threads and nothing writes to it. An SVG surface
            // reads the pixels again when it is finished, after this scope: the array's storage
            // is still there then, because the spec (and so the bitmap) outlives the render.
            let data = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
            let source = try CairoSurface.borrowing(data, .argb32, width: bitmap.side, height: bitmap.side, stride: bitmap.side * 4)
            let scale = side / Double(bitmap.side)
            if clipped {
                try cairo.saved { () throws(RenderError) in
                    cairo.scale(scale, scale)
                    cairo.setSource(source)
                    cairo.rectangle(0, 0, Double(bitmap.side), Double(bitmap.side))
                    cairo.fill()
                }
            } else {
                cairo.setSource(source, scaledBy: scale)
                cairo.newPath()
                outlinePath(on: cairo)
                cairo.fill()
            }
            // Drop the pattern's reference to the borrowed pixels before they go away.
            cairo.setSource(.transparent)
        }
    }
}
