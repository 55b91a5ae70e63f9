import Testing
@testable import MonogramCore

private let limits = OptionLimits(maxSize: 1024, fonts: ["DejaVu Sans", "Noto Sans"], masks: ["heart"])

private func parse(_ query: String, names: Int = 3, limits: OptionLimits = limits) throws -> GroupOptions {
    try GroupOptions(query: QueryString.parse(query), limits: limits, nameCount: names)
}

/// Defaults with one change, for the expected side of a table.
private func options(_ change: (inout GroupOptions) -> Void = { _ in }) -> GroupOptions {
    var options = GroupOptions()
    change(&options)
    return options
}

@Suite("Group options")
struct GroupOptionsTests {
    @Test("no parameters gives the documented defaults")
    func defaults() throws {
        let parsed = try parse("")
        #expect(parsed == GroupOptions())
        #expect(parsed.size == 64 && parsed.dpr == 1 && parsed.max == 3 && parsed.overlap == 0.3)
        #expect(parsed.border == 4 && parsed.borderColor == .white && !parsed.more && parsed.shape == .circle)
        #expect(parsed.length == 2 && parsed.uppercase && parsed.fontSize == 0.5 && parsed.format == .png)
        #expect(parsed.font == nil && parsed.bold == nil && parsed.pictures.isEmpty)
    }

    @Test("the default border is size/16 rounded half up, at least 1", arguments: [
        (16, 1), (23, 1), (24, 2), (32, 2), (40, 3), (64, 4), (100, 6), (128, 8), (512, 32),
    ])
    func defaultBorder(_ size: Int, _ border: Int) throws {
        #expect(try parse("size=\(size)").border == border)
    }

    @Test("accepts valid values", arguments: [
        ("size=16", options { $0.size = 16; $0.border = 1 }),
        ("size=512", options { $0.size = 512; $0.border = 32 }),
        ("max=1", options { $0.max = 1 }),
        ("max=10", options { $0.max = 10 }),
        ("overlap=0", options { $0.overlap = 0 }),
        ("overlap=0.9", options { $0.overlap = 0.9 }),
        ("overlap=0.50", options { $0.overlap = 0.5 }),
        ("border=0", options { $0.border = 0 }),
        ("border=16", options { $0.border = 16 }),
        ("size=17&border=4", options { $0.size = 17; $0.border = 4 }),
        ("border-color=000", options { $0.borderColor = RGBA(red: 0, green: 0, blue: 0) }),
        ("border-color=%23FFFFFF80", options { $0.borderColor = RGBA(red: 255, green: 255, blue: 255, alpha: 0x80) }),
        ("border-color=transparent", options { $0.borderColor = .transparent }),
        ("border-color=Transparent", options { $0.borderColor = .transparent }),
        ("border-color=12345600", options { $0.borderColor = .transparent }),
        ("more=yes", options { $0.more = true }),
        ("more=0", options { $0.more = false }),
        ("shape=square", options { $0.shape = .square }),
        ("shape=ROUNDED", options { $0.shape = .rounded(radius: 0.25) }),
        ("shape=rounded&radius=0.1", options { $0.shape = .rounded(radius: 0.1) }),
        ("radius=0.1", options()),
        ("dpr=1.5", options { $0.dpr = 1.5 }),
        ("length=1&uppercase=no&font-size=0.4", options { $0.length = 1; $0.uppercase = false; $0.fontSize = 0.4 }),
        ("font=noto+sans&bold=1", options { $0.font = "Noto Sans"; $0.bold = true }),
        ("format=SVG", options { $0.format = .svg }),
        ("bg=fff&color=000&initials=AB&v=2&Size=9", options()),
        ("picture=https%3A%2F%2Fa.example%2Fjane.png", options { $0.pictures = ["https://a.example/jane.png"] }),
        ("picture=&picture=HTTP%3A%2F%2Fb.example%3A8080%2Fx", options { $0.pictures = [nil, "HTTP://b.example:8080/x"] }),
        ("picture=http%3A%2F%2F%5B%3A%3A1%5D%2F&picture=&picture=", options { $0.pictures = ["http://[::1]/"] }),
    ])
    func accepts(_ query: String, _ expected: GroupOptions) throws {
        #expect(try parse(query) == expected)
    }

    @Test("rejects wrong forms and out-of-range values with a one-line message", arguments: [
        ("size=15", "size", "size must be an integer from 16 to 512"),
        ("size=513", "size", "size must be an integer from 16 to 512"),
        ("size=64.0", "size", "size must be an integer from 16 to 512"),
        ("max=0", "max", "max must be an integer from 1 to 10"),
        ("max=11", "max", "max must be an integer from 1 to 10"),
        ("max=", "max", "max must be an integer from 1 to 10"),
        ("overlap=0.91", "overlap", "overlap must be a number from 0 to 0.9"),
        ("overlap=1", "overlap", "overlap must be a number from 0 to 0.9"),
        ("overlap=-0.1", "overlap", "overlap must be a number from 0 to 0.9"),
        ("overlap=.5", "overlap", "overlap must be a number from 0 to 0.9"),
        ("border=17", "border", "border must be an integer from 0 to 16 (a quarter of size)"),
        ("size=16&border=5", "border", "border must be an integer from 0 to 4 (a quarter of size)"),
        ("border=1.5", "border", "border must be an integer from 0 to 16 (a quarter of size)"),
        ("border-color=white", "border-color",
         "border-color must be transparent or a hex colour RGB, RRGGBB or RRGGBBAA, optionally with #"),
        ("border-color=", "border-color",
         "border-color must be transparent or a hex colour RGB, RRGGBB or RRGGBBAA, optionally with #"),
        ("more=maybe", "more", "more must be true, false, 1, 0, yes or no"),
        ("shape=heart", "shape", "shape must be circle, square or rounded"),
        ("radius=0.6", "radius", "radius must be a number from 0 to 0.5"),
        ("dpr=5", "dpr", "dpr must be one of 1, 1.5, 2, 3, 4"),
        ("length=4", "length", "length must be an integer from 1 to 3"),
        ("font-size=2", "font-size", "font-size must be a number from 0.1 to 1.0"),
        ("font=Comic+Sans", "font", "font must be one of DejaVu Sans, Noto Sans"),
        ("bold=on", "bold", "bold must be true, false, 1, 0, yes or no"),
        ("format=gif", "format", "format must be png, svg, json, webp, avif or jpeg"),
        ("picture=ftp%3A%2F%2Fa.example%2Fx", "picture",
         "picture must be empty or an absolute http or https URL of at most 2048 bytes"),
        ("picture=%2Fjane.png", "picture", "picture must be empty or an absolute http or https URL of at most 2048 bytes"),
        ("picture=https%3A%2F%2F%2Fx", "picture", "picture must be empty or an absolute http or https URL of at most 2048 bytes"),
        ("picture=https%3A%2F%2Fa.example%3Ax%2F", "picture",
         "picture must be empty or an absolute http or https URL of at most 2048 bytes"),
        ("picture=https%3A%2F%2Fa.example%2Fa+b", "picture",
         "picture must be empty or an absolute http or https URL of at most 2048 bytes"),
        ("picture=https%3A%2F%2Fa.example%2F" + String(repeating: "x", count: 2031), "picture",
         "picture must be empty or an absolute http or https URL of at most 2048 bytes"),
        ("picture=&picture=&picture=&picture=", "picture", "picture given 4 times but the group has 3 names"),
    ])
    func rejects(_ query: String, _ parameter: String, _ message: String) {
        #expect(throws: OptionsError(parameter: parameter, message: message)) { try parse(query) }
    }

    @Test("a picture URL of exactly 2048 bytes is accepted")
    func longestPicture() throws {
        let url = "https://a.example/" + String(repeating: "x", count: 2048 - 18)
        #expect(try parse("picture=" + url).pictures == [url])
    }

    @Test("a known parameter given twice is rejected; picture may repeat", arguments: [
        "size", "dpr", "max", "overlap", "border", "border-color", "more", "radius", "shape", "length",
        "uppercase", "font-size", "font", "bold", "format",
    ])
    func repeated(_ name: String) throws {
        let value = ["size": "64", "dpr": "1", "max": "3", "overlap": "0.3", "border": "4", "border-color": "fff",
                     "more": "1", "radius": "0.1", "shape": "circle", "length": "2", "uppercase": "1",
                     "font-size": "0.5", "font": "Noto+Sans", "bold": "0", "format": "png"][name]!
        #expect(throws: OptionsError(parameter: name, message: "\(name) given more than once")) {
            try parse("\(name)=\(value)&v=1&\(name)=\(value)")
        }
        #expect(try parse("picture=&picture=&\(name)=\(value)").pictures.isEmpty)
    }

    @Test("size follows a configured maximum below 512")
    func configuredSize() {
        #expect(throws: OptionsError(parameter: "size", message: "size must be an integer from 16 to 256")) {
            try parse("size=300", limits: OptionLimits(maxSize: 256))
        }
    }

    @Test("an image over the pixel bound is refused, naming size")
    func pixelBound() throws {
        let query = "size=512&dpr=4&max=10&overlap=0"
        #expect(throws: OptionsError.self) { try parse(query, names: 10) }
        // One face of the same size is within the bound (2048 × 2048).
        #expect(try parse(query, names: 1).size == 512)
    }
}
