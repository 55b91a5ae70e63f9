import Foundation
import MonogramCore
import Testing
@testable import MonogramRender

/// A group row with its golden's name.
struct GroupGolden: Sendable, CustomTestStringConvertible {
    var name: String
    var names: [String]
    var query: String
    var testDescription: String { name }

    static let all: [GroupGolden] = [
        .init(name: "group-more", names: ["Jane Roe", "John Smith", "Ann Lee", "Bob Stone", "Kim"], query: "more=1&dpr=2"),
        .init(name: "group-knockout", names: ["Jane Roe", "John Smith", "Ann Lee", "Bob Stone"],
              query: "border-color=transparent&more=1&max=2&dpr=2&border=3"),
        .init(name: "group-rounded", names: ["Jane Roe", "", "小明", "Ahmed Ali"],
              query: "shape=rounded&radius=0.3&overlap=0.2&border=3&border-color=1F2937&dpr=2"),
        .init(name: "group-square", names: ["a", "b", "c"], query: "shape=square&overlap=0.5&border=0&size=48"),
    ]
}

@Suite("group golden images")
struct GroupGoldenTests {
    @Test("group rows match their goldens", arguments: GroupGolden.all)
    func golden(_ row: GroupGolden) throws {
        let image = try GroupFixture.render(GroupFixture.resolved(row.names, row.query))
        try GoldenImage.check(image, named: row.name)
    }

    /// The README's "liked by" picture, drawn with the shipped configuration's default font and
    /// weight so it looks like what the service answers for the URL in docs/group.md.
    @Test("the docs' liked-by row is written (docs/examples/ under RECORD_GOLDENS=1)")
    func likedBy() throws {
        let resolver = AvatarResolver(palette: .default, defaultFont: "Noto Sans", defaultBold: false)
        let names = ["jane_roe", "Sam Lee", "Priya Patel", "Tom Berg", "Ola", "Ken"]
        let options = try GroupOptions(query: QueryString.parse("size=32&dpr=2&more=true"), limits: OptionLimits(), nameCount: names.count)
        let image = try GroupFixture.render(resolver.resolve(names: names, options: options).spec)
        #expect(image.width == 199 && image.height == 64)
        try GoldenImage.write(image, to: GoldenImage.failuresDirectory + "/../MonogramGroupLikedBy.png")
        if GoldenImage.isRecording {
            try GoldenImage.write(image, to: Fixture.repositoryRoot + "/docs/examples/group-liked-by.png")
        }
    }
}
