import Foundation
import Testing

/// Reads a file of Fixtures/ (generated once with Pillow; see Fixtures/README.md).
func fixture(_ name: String) throws -> [UInt8] {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
    return [UInt8](try Data(contentsOf: url))
}

/// The colours of the quadrants fixtures: the centred square is split into four quadrants,
/// and the margins cropped away are magenta.
enum Quadrant: CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight

    var rgb: (Int, Int, Int) {
        switch self {
        case .topLeft: (255, 0, 0)
        case .topRight: (0, 200, 0)
        case .bottomLeft: (0, 0, 255)
        case .bottomRight: (255, 255, 0)
        }
    }

    /// The centre of the quadrant in a square of `side` pixels.
    func centre(side: Int) -> (Int, Int) {
        let a = side / 4, b = side * 3 / 4
        switch self {
        case .topLeft: return (a, a)
        case .topRight: return (b, a)
        case .bottomLeft: return (a, b)
        case .bottomRight: return (b, b)
        }
    }
}

/// True when the premultiplied pixel is opaque and within `tolerance` of `rgb` per channel.
func pixel(_ value: UInt32, is rgb: (Int, Int, Int), tolerance: Int = 24) -> Bool {
    let a = Int(value >> 24), r = Int(value >> 16 & 0xFF), g = Int(value >> 8 & 0xFF), b = Int(value & 0xFF)
    return a == 255 && abs(r - rgb.0) <= tolerance && abs(g - rgb.1) <= tolerance && abs(b - rgb.2) <= tolerance
}
