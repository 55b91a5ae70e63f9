public import MonogramCore

/// Monogram's substitute for Gravatar's generated defaults (`identicon`, `monsterid`, `wavatar`,
/// `retro`, `robohash`): a 5 × 5 grid of cells, mirrored left to right, on a light background
/// with half a cell of margin, in the palette colour of the hash — GitHub's identicon layout.
///
/// Cell (column `c` < 3, row `r`) is filled when bit `c * 5 + r` of the hash is set (bits counted
/// from the first byte's lowest bit); columns 3 and 4 copy 1 and 0. The same hash draws the same
/// picture on every machine and release (docs/gravatar.md).
public struct Identicon: Sendable, Equatable {
    public static let background = RGBA(red: 0xF0, green: 0xF0, blue: 0xF0)

    /// 25 cells, row by row.
    public let cells: [Bool]
    public let color: RGBA

    public init(hash: GravatarHash, palette: Palette) {
        var cells = [Bool](repeating: false, count: 25)
        for column in 0..<3 {
            for row in 0..<5 {
                let bit = column * 5 + row
                let on = hash.bytes[bit / 8] >> UInt8(bit % 8) & 1 == 1
                cells[row * 5 + column] = on
                cells[row * 5 + (4 - column)] = on
            }
        }
        self.cells = cells
        self.color = palette.color(forKey: hash.description)
    }

    /// The identicon as a `pixels` × `pixels` bitmap (drawn at the answer's size, so no scaling
    /// blurs its edges). Cell edges fall on whole pixels: cell i spans [i·p/6, (i+1)·p/6) after
    /// the half-cell margin.
    public func bitmap(pixels: Int) -> PictureBitmap {
        let side = max(pixels, 6)
        let fill = Identicon.premultiplied(color), paper = Identicon.premultiplied(Identicon.background)
        var data = [UInt32](repeating: paper, count: side * side)
        // Twelve half-cells across: one margin half-cell, ten for the five cells, one margin.
        func edge(_ half: Int) -> Int { half * side / 12 }
        for row in 0..<5 {
            for column in 0..<5 where cells[row * 5 + column] {
                for y in edge(1 + row * 2)..<edge(3 + row * 2) {
                    for x in edge(1 + column * 2)..<edge(3 + column * 2) { data[y * side + x] = fill }
                }
            }
        }
        return PictureBitmap(side: side, pixels: data)
    }

    /// Opaque colours need no premultiplication: 0xFFRRGGBB.
    static func premultiplied(_ color: RGBA) -> UInt32 {
        0xFF00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }
}
