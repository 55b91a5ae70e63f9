import Testing
@testable import MonogramCore

/// One row of the geometry table: a query, a number of names, and the image that must come out.
struct GroupGeometry: Sendable, CustomTestStringConvertible {
    var query: String
    var names: Int
    var width: Int
    var height: Int
    var slots: Int
    var testDescription: String { "\(names) names, ?\(query)" }

    /// Widths worked out by hand from the documented rules (docs/group.md): side = round(size × dpr),
    /// step = round(side × (1 − overlap)), width = side + (slots − 1) × step.
    static let table: [GroupGeometry] = [
        .init(query: "", names: 1, width: 64, height: 64, slots: 1),
        .init(query: "", names: 2, width: 109, height: 64, slots: 2),        // step round(44.8) = 45
        .init(query: "", names: 3, width: 154, height: 64, slots: 3),
        .init(query: "", names: 5, width: 154, height: 64, slots: 3),        // max 3
        .init(query: "more=1", names: 5, width: 199, height: 64, slots: 4),  // + bubble
        .init(query: "more=1", names: 3, width: 154, height: 64, slots: 3),  // nobody left out: no bubble
        .init(query: "max=5&more=1", names: 5, width: 244, height: 64, slots: 5),
        .init(query: "overlap=0", names: 3, width: 192, height: 64, slots: 3),
        .init(query: "overlap=0.5&size=40&dpr=2", names: 3, width: 160, height: 80, slots: 3),
        .init(query: "overlap=0.9&size=16", names: 5, width: 20, height: 16, slots: 3),  // step round(1.6) = 2
        .init(query: "dpr=1.5&size=33", names: 2, width: 85, height: 50, slots: 2),     // side round(49.5) = 50
        .init(query: "dpr=3&max=1&more=true", names: 5, width: 192 + 134, height: 192, slots: 2),
        .init(query: "border=8&dpr=4&size=32", names: 2, width: 128 + 90, height: 128, slots: 2),
        .init(query: "max=10&overlap=0.25&size=20", names: 100, width: 20 + 9 * 15, height: 20, slots: 10),
    ]
}

@Suite("Group layout")
struct GroupLayoutTests {
    @Test("width, height and slots are exact", arguments: GroupGeometry.table)
    func geometry(_ row: GroupGeometry) throws {
        let options = try GroupOptions(query: QueryString.parse(row.query), limits: OptionLimits(), nameCount: row.names)
        let layout = options.layout(count: row.names)
        #expect(layout.width == row.width)
        #expect(layout.height == row.height)
        #expect(layout.slots == row.slots)
    }

    @Test("faces start one step apart, from 0, and the last one ends at the right edge")
    func origins() {
        let layout = GroupLayout(size: 64, dpr: 2, overlap: 0.3, border: 4, slots: 4)
        #expect(layout.side == 128 && layout.step == 90 && layout.border == 8 && layout.innerSide == 112)
        #expect((0..<4).map(layout.left(ofSlot:)) == [0, 90, 180, 270])
        #expect(layout.left(ofSlot: 3) + layout.side == layout.width)
    }

    @Test("the ring width scales with dpr, rounded half up", arguments: [
        (1.0, 3, 3), (1.5, 3, 5), (1.5, 1, 2), (2.0, 3, 6), (4.0, 0, 0),
    ])
    func ring(_ dpr: Double, _ border: Int, _ pixels: Int) {
        let layout = GroupLayout(size: 32, dpr: dpr, overlap: 0.3, border: border, slots: 1)
        #expect(layout.border == pixels)
        #expect(layout.innerSide == layout.side - 2 * pixels)
    }
}
