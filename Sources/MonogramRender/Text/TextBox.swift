/// An axis-aligned box in device pixels (y grows downwards): where text ink lies.
struct TextBox: Sendable, Hashable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    func offsetBy(x: Double, y: Double) -> TextBox {
        TextBox(minX: minX + x, minY: minY + y, maxX: maxX + x, maxY: maxY + y)
    }

    /// The box scaled by `factor` about the point (`cx`, `cy`).
    func scaled(by factor: Double, aboutX cx: Double, y cy: Double) -> TextBox {
        TextBox(
            minX: cx + (minX - cx) * factor, minY: cy + (minY - cy) * factor,
            maxX: cx + (maxX - cx) * factor, maxY: cy + (maxY - cy) * factor)
    }
}
