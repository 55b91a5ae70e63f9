import MonogramCore
import Testing
import MonogramService

@Suite("render.palettes")
struct ConfigurationPalettesTests {
    @Test("named lists load from the file and the environment; palette=NAME is then accepted")
    func loads() throws {
        let file = try Configuration.load(json: ##"{"render": {"palettes": {"brand": ["#FFEB3B", "0D47A1", "abc"]}}}"##, environment: [:], overrides: [])
        #expect(file.render.palettes == ["brand": [RGBA(hex: "FFEB3B")!, RGBA(hex: "0D47A1")!, RGBA(hex: "AABBCC")!]])
        #expect(file.render.limits(masks: []).palettes == ["accessible", "brand"])
        let resolver = file.render.resolver
        var options = AvatarOptions()
        options.palette = .named("brand")
        let spec = resolver.resolve(name: "Jane Roe", options: options).spec
        #expect(file.render.palettes["brand"]!.contains(spec.background))
        #expect(Contrast.ratio(spec.background, spec.foreground) >= 4.5)
        let environment = try Configuration.load(json: "{}", environment: ["MONOGRAM_RENDER_PALETTES": "a=111111,222222;b-2=333"], overrides: [])
        #expect(environment.render.palettes.keys.sorted() == ["a", "b-2"])
    }

    @Test("mistakes name the palette and the entry", arguments: [
        (##"{"render": {"palettes": ["#FFF"]}}"##, "render.palettes: must be an object of palette name → list of hex colours"),
        (##"{"render": {"palettes": {"brand": "#FFF"}}}"##, "render.palettes.brand: must be a list of hex colours"),
        (##"{"render": {"palettes": {"brand": []}}}"##, "render.palettes.brand: must list 1 to 256 colours"),
        (##"{"render": {"palettes": {"brand": ["#FFF", "#12"]}}}"##, ##"render.palettes.brand[1]: "#12" is not a hex colour (RGB or RRGGBB)"##),
        (##"{"render": {"palettes": {"default": ["#FFF"]}}}"##, "render.palettes.default: palette names are 1 to 32 of a-z, 0-9, - and _, and not default or accessible"),
        (##"{"render": {"palettes": {"Brand X": ["#FFF"]}}}"##, "render.palettes.Brand X: palette names are 1 to 32 of a-z, 0-9, - and _, and not default or accessible"),
    ])
    func mistakes(json: String, problem: String) {
        #expect(problems(json: json) == [problem])
    }
}
