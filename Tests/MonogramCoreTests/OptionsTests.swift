import Testing
@testable import MonogramCore

private let limits = OptionLimits(maxSize: 1024, fonts: ["DejaVu Sans", "Noto Sans"], masks: ["heart", "Star"])

/// Through both parsers, which must agree on the options or the error: the decoded pairs
/// (`/group` shares it) and the raw bytes (`/avatar`).
private func parse(_ query: String, limits: OptionLimits = limits) throws -> AvatarOptions {
    let fromPairs = Result { () throws(OptionsError) in try AvatarOptions(query: QueryString.parse(query), limits: limits) }
    let fromBytes = Result { () throws(OptionsError) in try AvatarOptions(rawQuery: Substring(query), limits: limits) }
    #expect(fromPairs == fromBytes, "the two parsers disagree on \(query)")
    return try fromPairs.get()
}

/// Defaults with one change, for the expected side of a table.
private func options(_ change: (inout AvatarOptions) -> Void = { _ in }) -> AvatarOptions {
    var options = AvatarOptions()
    change(&options)
    return options
}

@Suite("Avatar options")
struct OptionsTests {
    @Test("no parameters gives the documented defaults")
    func defaults() throws {
        let parsed = try parse("")
        #expect(parsed == AvatarOptions())
        #expect(parsed.size == 128 && parsed.dpr == 1 && parsed.shape == .square && parsed.length == 2)
        #expect(parsed.uppercase && parsed.fontSize == 0.5 && parsed.format == .png)
        #expect(parsed.background == nil && parsed.color == nil && parsed.font == nil && parsed.bold == nil)
    }

    @Test("accepts valid values", arguments: [
        ("size=16", options { $0.size = 16 }),
        ("size=1024", options { $0.size = 1024 }),
        ("size=064", options { $0.size = 64 }),
        ("dpr=1.5", options { $0.dpr = 1.5 }),
        ("dpr=2.0", options { $0.dpr = 2 }),
        ("dpr=4", options { $0.dpr = 4 }),
        ("shape=circle", options { $0.shape = .circle }),
        ("shape=Circle", options { $0.shape = .circle }),
        ("shape=rounded", options { $0.shape = .rounded(radius: 0.25) }),
        ("shape=rounded&radius=0", options { $0.shape = .rounded(radius: 0) }),
        ("radius=0.5&shape=rounded", options { $0.shape = .rounded(radius: 0.5) }),
        ("shape=circle&radius=0.1", options { $0.shape = .circle }),
        ("shape=heart", options { $0.shape = .mask(name: "heart") }),
        ("shape=star", options { $0.shape = .mask(name: "Star") }),
        ("bg=abc", options { $0.background = .color(RGBA(red: 0xAA, green: 0xBB, blue: 0xCC)) }),
        ("background=%23C62828", options { $0.background = .color(RGBA(red: 0xC6, green: 0x28, blue: 0x28)) }),
        ("bg=00000080", options { $0.background = .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0x80)) }),
        ("color=1f1f1f", options { $0.color = .nearBlack }),
        ("initials=JD", options { $0.initials = "JD" }),
        ("initials=+j+", options { $0.initials = "j" }),
        ("initials=%E7%8E%8B%E5%B0%8F%E6%98%8E", options { $0.initials = "王小明" }),
        ("initials=e%CC%81", options { $0.initials = "\u{E9}" }),
        ("initials=%F0%9F%91%A9%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7", options { $0.initials = "👩‍👩‍👧" }),
        ("length=1", options { $0.length = 1 }),
        ("length=3", options { $0.length = 3 }),
        ("uppercase=false", options { $0.uppercase = false }),
        ("uppercase=NO", options { $0.uppercase = false }),
        ("uppercase=0", options { $0.uppercase = false }),
        ("bold=Yes", options { $0.bold = true }),
        ("bold=1", options { $0.bold = true }),
        ("bold=false", options { $0.bold = false }),
        ("font-size=0.1", options { $0.fontSize = 0.1 }),
        ("font-size=1", options { $0.fontSize = 1 }),
        ("font-size=0.75", options { $0.fontSize = 0.75 }),
        ("font=noto+sans", options { $0.font = "Noto Sans" }),
        ("font=DejaVu%20Sans", options { $0.font = "DejaVu Sans" }),
        ("id=jane.roe%40example.com", options { $0.id = "jane.roe@example.com" }),
        ("id=Zoe%CC%88+", options { $0.id = "Zo\u{EB}" }),
        ("format=svg", options { $0.format = .svg }),
        ("format=JSON", options { $0.format = .json }),
        ("format=webp", options { $0.format = .webp }),
        ("format=AVIF", options { $0.format = .avif }),
        ("picture=https%3A%2F%2Fx&fallback=404&v=2&Size=9", options { $0.picture = "https://x"; $0.fallback = .notFound }),
        ("picture=&fallback=Initials", options()),
    ])
    func accepts(_ query: String, _ expected: AvatarOptions) throws {
        #expect(try parse(query) == expected)
    }

    @Test("rejects wrong forms and out-of-range values with a one-line message", arguments: [
        ("fallback=none", "fallback", "fallback must be initials or 404"),
        ("picture=" + String(repeating: "a", count: 2049), "picture", "picture must be a URL of at most 2048 bytes"),
        ("size=15", "size", "size must be an integer from 16 to 1024"),
        ("size=1025", "size", "size must be an integer from 16 to 1024"),
        ("size=64.0", "size", "size must be an integer from 16 to 1024"),
        ("size=+64", "size", "size must be an integer from 16 to 1024"),
        ("size=-64", "size", "size must be an integer from 16 to 1024"),
        ("size=1e2", "size", "size must be an integer from 16 to 1024"),
        ("size=+64+", "size", "size must be an integer from 16 to 1024"),
        ("size=", "size", "size must be an integer from 16 to 1024"),
        ("size=99999999999999999999", "size", "size must be an integer from 16 to 1024"),
        ("size=%EF%BC%96%EF%BC%94", "size", "size must be an integer from 16 to 1024"),  // full-width 64
        ("dpr=2.5", "dpr", "dpr must be one of 1, 1.5, 2, 3, 4"),
        ("dpr=0", "dpr", "dpr must be one of 1, 1.5, 2, 3, 4"),
        ("dpr=.5", "dpr", "dpr must be one of 1, 1.5, 2, 3, 4"),
        ("dpr=2.", "dpr", "dpr must be one of 1, 1.5, 2, 3, 4"),
        ("dpr=2x", "dpr", "dpr must be one of 1, 1.5, 2, 3, 4"),
        ("shape=hexagon", "shape", "shape must be square, circle, rounded, Star or heart"),
        ("shape=", "shape", "shape must be square, circle, rounded, Star or heart"),
        ("radius=0.6", "radius", "radius must be a number from 0 to 0.5"),
        ("shape=circle&radius=-0.1", "radius", "radius must be a number from 0 to 0.5"),
        ("radius=nan", "radius", "radius must be a number from 0 to 0.5"),
        ("bg=red", "bg", "bg must be transparent or a hex colour RGB, RRGGBB or RRGGBBAA, optionally with #"),
        ("bg=12345", "bg", "bg must be transparent or a hex colour RGB, RRGGBB or RRGGBBAA, optionally with #"),
        ("background=", "background", "background must be transparent or a hex colour RGB, RRGGBB or RRGGBBAA, optionally with #"),
        ("color=%23%23fff", "color", "color must be a hex colour RGB, RRGGBB or RRGGBBAA, optionally with #"),
        ("initials=", "initials", "initials must be 1 to 3 characters"),
        ("initials=+++", "initials", "initials must be 1 to 3 characters"),
        ("initials=ABCD", "initials", "initials must be 1 to 3 characters"),
        ("initials=e" + String(repeating: "%CC%81", count: 70), "initials", "initials must be at most 128 bytes"),
        ("length=0", "length", "length must be an integer from 1 to 3"),
        ("length=4", "length", "length must be an integer from 1 to 3"),
        ("length=2.0", "length", "length must be an integer from 1 to 3"),
        ("uppercase=maybe", "uppercase", "uppercase must be true, false, 1, 0, yes or no"),
        ("uppercase=", "uppercase", "uppercase must be true, false, 1, 0, yes or no"),
        ("bold=on", "bold", "bold must be true, false, 1, 0, yes or no"),
        ("font-size=0.09", "font-size", "font-size must be a number from 0.1 to 1.0"),
        ("font-size=1.01", "font-size", "font-size must be a number from 0.1 to 1.0"),
        ("font-size=1e-1", "font-size", "font-size must be a number from 0.1 to 1.0"),
        ("font=Comic+Sans", "font", "font must be one of DejaVu Sans, Noto Sans"),
        ("id=", "id", "id must be 1 to 256 bytes"),
        ("id=" + String(repeating: "a", count: 257), "id", "id must be 1 to 256 bytes"),
        ("format=gif", "format", "format must be png, svg, json, webp, avif or jpeg"),
    ])
    func rejects(_ query: String, _ parameter: String, _ message: String) {
        #expect(throws: OptionsError(parameter: parameter, message: message)) { try parse(query) }
    }

    @Test("a known parameter given twice is rejected", arguments: [
        "size", "dpr", "shape", "radius", "bg", "background", "color", "initials", "length", "uppercase",
        "font-size", "font", "bold", "id", "format",
    ])
    func repeated(_ name: String) {
        // Valid values, even identical ones: the repeat alone is the error.
        let value = ["bg": "fff", "background": "fff", "color": "fff", "shape": "circle", "font": "Noto+Sans",
                     "uppercase": "1", "bold": "1", "id": "x", "initials": "x", "format": "svg",
                     "dpr": "1", "radius": "0.1", "font-size": "0.5", "length": "1", "size": "64"][name]!
        #expect(throws: OptionsError(parameter: name, message: "\(name) given more than once")) {
            try parse("\(name)=\(value)&v=1&\(name)=\(value)")
        }
    }

    @Test("bg and its alias background together count as a repeat", arguments: [
        "bg=fff&background=000", "background=000&bg=fff",
    ])
    func aliasRepeat(_ query: String) {
        let error = OptionsError(parameter: "bg", message: "bg and background given together (background is an alias of bg)")
        #expect(throws: error) { try parse(query) }
    }

    /// `parse` runs both parsers and expects them to agree; these are the edges of the raw one.
    @Test("the raw query's bytes are read exactly as their decoded pairs", arguments: [
        "", "&", "&&size=32&&", "size", "size=", "=32", "si%7Ae=32", "%73ize=32&size=32", "size=3%32",
        "bg=%23fff", "b%67=fff&background=000", "back+ground=000", "font=Noto+Sans", "font=Noto%20Sans",
        "initials=%C3%A9", "initials=é", "initials=J%2BD", "v=%zz&size=1", "size=1&v=%zz", "%zz=1&size=1",
        "v=%FF&size=1", "size=%FF", "x=%C0%AF", "size=32=32", "size=32&size=32&dpr=2&dpr=2", "dpr=2&dpr=2&size=32&size=32",
        "background=fff&background=fff", "bg=fff&bg=fff&background=fff", "shape=circle&SHAPE=x", "fallback=404&picture=https://a/b",
    ])
    func rawMatchesPairs(_ query: String) {
        _ = try? parse(query)
    }

    @Test("the reported error does not depend on parameter order", arguments: [
        "size=1&dpr=9&font=x", "font=x&dpr=9&size=1", "dpr=9&size=1&font=x",
    ])
    func errorOrder(_ query: String) {
        #expect(throws: OptionsError(parameter: "size", message: "size must be an integer from 16 to 1024")) {
            try parse(query)
        }
    }

    @Test("messages follow the configuration")
    func configuredMessages() {
        let small = OptionLimits(maxSize: 512)
        #expect(throws: OptionsError(parameter: "size", message: "size must be an integer from 16 to 512")) {
            try parse("size=513", limits: small)
        }
        #expect(throws: OptionsError(parameter: "shape", message: "shape must be square, circle or rounded")) {
            try parse("shape=heart", limits: small)
        }
        #expect(throws: OptionsError(parameter: "font", message: "font cannot be chosen: no fonts are configured")) {
            try parse("font=Noto+Sans", limits: small)
        }
        #expect(throws: OptionsError(parameter: "font", message: "font must be Noto Sans")) {
            try parse("font=x", limits: OptionLimits(fonts: ["Noto Sans"]))
        }
    }

    @Test("a built-in shape wins over a mask with the same name")
    func builtinWins() throws {
        #expect(try parse("shape=circle", limits: OptionLimits(masks: ["circle"])).shape == .circle)
    }
}

@Suite("Canonical key")
struct CanonicalKeyTests {
    private func key(_ query: String) throws -> String { try parse(query).canonicalKey }

    @Test("the defaults have the documented key")
    func defaultKey() throws {
        #expect(AvatarOptions().canonicalKey == "3:128,1:1,2:sq,0:,1:-,1:-,0:,1:2,1:1,3:0.5,0:,1:-,0:,3:png,5:light,0:,0:,1:-,0:,1:0,")
        #expect(try key("") == AvatarOptions().canonicalKey)
    }

    @Test("equivalent queries share one key", arguments: [
        ("size=64&shape=circle&bg=fff", "bg=FFFFFF&shape=circle&size=64"),
        ("", "size=128&dpr=1&shape=square&length=2&uppercase=true&font-size=0.5&format=png"),
        ("", "v=2&picture=&fallback=404&Size=5&utm_source=mail"),
        ("picture=https%3A%2F%2Fa.example%2Fp.png", "fallback=initials&picture=https://a.example/p.png"),
        ("", "radius=0.1"),
        ("shape=rounded", "radius=0.25&shape=rounded"),
        ("shape=rounded&radius=0.5", "shape=ROUNDED&radius=0.50"),
        ("font-size=0.5", "font-size=0.500"),
        ("dpr=2", "dpr=2.0"),
        ("font=dejavu+sans", "font=DejaVu%20Sans"),
        ("uppercase=YES&bold=0", "bold=no&uppercase=1"),
        ("bg=%23abc", "background=AABBCCFF"),
        ("shape=STAR", "shape=Star"),
        ("initials=%C3%A9", "initials=e%CC%81+"),
        ("id=Zo%C3%AB", "id=+Zoe%CC%88"),
        ("format=svg&size=064", "size=64&format=SVG"),
    ])
    func equal(_ a: String, _ b: String) throws {
        #expect(try key(a) == key(b))
        #expect(try parse(a) == parse(b))
    }

    /// Pairwise distinct: each differs from every other in exactly what it says, including
    /// free-text values crafted to look like the key's separators.
    static let distinct = [
        "", "size=64", "size=65", "dpr=2", "dpr=1.5", "shape=circle", "shape=rounded",
        "shape=rounded&radius=0.1", "shape=rounded&radius=0", "shape=heart", "shape=Star",
        "bg=fff", "bg=ffffff00", "color=fff", "bg=000", "initials=AB", "initials=BA", "initials=ab",
        "length=1", "length=3", "uppercase=false", "font-size=0.25", "font-size=1", "font=Noto+Sans",
        "font=DejaVu+Sans", "bold=true", "bold=false", "id=jane", "id=Jane", "format=svg", "format=json",
        "format=webp", "format=avif", "initials=a%7C&id=b", "initials=a&id=%7Cb", "initials=1:&id=1", "id=1:%7C1", "initials=-",
        "initials=%7C%7C%7C", "id=-", "picture=https://a.example/p", "picture=https://a.example/q",
        "picture=https://a.example/p&fallback=404", "picture=%7Cf404",
    ]

    @Test("different options never share a key")
    func distinctKeys() throws {
        let keys = try Self.distinct.map(key)
        #expect(Set(keys).count == keys.count, "\(keys)")
    }

    @Test("key equality matches value equality", arguments: distinct)
    func keyMatchesValue(_ query: String) throws {
        let options = try parse(query)
        for other in try Self.distinct.map({ try parse($0) }) {
            #expect((options == other) == (options.canonicalKey == other.canonicalKey))
        }
    }
}

@Suite("Output format limits")
struct OutputFormatLimitTests {
    @Test("WebP up to 2048² pixels is accepted, one pixel more is a 400 naming format")
    func webpPixelLimit() throws {
        try OutputFormat.webp.check(pixels: OutputFormat.largestWebPPixels)
        try OutputFormat.png.check(pixels: 4096 * 4096)
        do {
            try OutputFormat.webp.check(pixels: OutputFormat.largestWebPPixels + 1)
            Issue.record("a WebP over 2048² must be refused")
        } catch {
            #expect(error.parameter == "format")
        }
    }

    @Test("AVIF up to the documented pixel count is accepted, one pixel more is a 400 naming format")
    func avifPixelLimit() throws {
        try OutputFormat.avif.check(pixels: OutputFormat.largestAVIFPixels)
        #expect(throws: OptionsError.self) { try OutputFormat.avif.check(pixels: OutputFormat.largestAVIFPixels + 1) }
        do {
            try OutputFormat.avif.check(pixels: 4096 * 4096)
            Issue.record("4096² AVIF must be refused")
        } catch {
            #expect(error.parameter == "format")
        }
    }

    @Test("the other formats have no format-specific pixel limit", arguments: [OutputFormat.png, .svg, .json])
    func othersUnlimited(_ format: OutputFormat) throws {
        try format.check(pixels: 4096 * 4096)
    }

    @Test("every format has its own media type")
    func mediaTypes() {
        let types = OutputFormat.allCases.map(\.contentType)
        #expect(Set(types).count == types.count)
        #expect(OutputFormat.webp.contentType == "image/webp" && OutputFormat.avif.contentType == "image/avif")
    }
}
