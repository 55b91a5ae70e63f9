// libFuzzer harness for the cache keys (compiled by scripts/fuzz.sh with all of MonogramCore
// and the pure /gravatar files). Input: any bytes: up to the first two NULs, two /gravatar
// query strings (parsed as the route parses them); the rest read as choices and texts for two
// requests of each other kind: avatar options (every field of `AvatarOptions.canonicalKey`,
// the JPEG matte of API §11 too) and group options with names.
//
// Invariants: a key decodes back to the fields it was made of; two requests share a key only
// when they mean the same (for avatars: equal options, `fallback` ignored without a picture;
// for groups: equal options and names; for /gravatar: the same drawing of the same hash at the
// same size); keys of different kinds never collide in the ETag seed.

/// Hex of a hash, as MonogramCrypto's `Digest.hex` (its file needs libcrypto).
enum Digest {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

struct Reader {
    var bytes: ArraySlice<UInt8>

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
    mutating func bool() -> Bool { byte() & 1 == 1 }
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
    /// Up to 15 bytes as text (invalid UTF-8 repaired, as a decoded query is).
    mutating func text() -> String {
        let count = min(Int(byte() & 0x0F), bytes.count)
        defer { bytes = bytes.dropFirst(count) }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }
    mutating func optionalText() -> String? { bool() ? text() : nil }
    mutating func number() -> Double { pick([0, 0.5, 1, 1.5, 0.25, 0.333, 2, 0.1 + 0.2, 1e-4, 3.0000001, Double(byte()) / 7]) }
    mutating func color() -> RGBA { RGBA(red: byte(), green: byte() & 3, blue: 7, alpha: pick([0, 1, 255])) }

    mutating func avatar() -> AvatarOptions {
        var options = AvatarOptions()
        options.size = Int(byte() & 3) + 16
        options.dpr = number()
        options.shape = pick([Shape.square, .circle, .rounded(radius: number()), .mask(name: text())])
        options.background = pick([nil, Background.transparent, .color(color())])
        options.color = bool() ? color() : nil
        options.initials = optionalText()
        options.length = Int(byte() % 3) + 1
        options.uppercase = bool()
        options.fontSize = number()
        options.font = optionalText()
        options.bold = pick([nil, true, false])
        options.id = optionalText()
        options.format = pick([.png, .svg, .json, .webp, .avif, .jpeg])
        options.theme = pick([.light, .dark, .auto])
        options.picture = optionalText()
        options.fallback = pick([.initials, .notFound])
        // API §11: an opaque matte, which only a JPEG draws.
        options.matte = pick([RGBA.white, RGBA(red: byte(), green: 0, blue: byte() & 1)])
        return options
    }

    mutating func group() -> (GroupOptions, [String]) {
        var options = GroupOptions()
        options.overlap = number()
        options.borderColor = color()
        options.font = optionalText()
        options.pictures = (0..<Int(byte() % 3)).map { _ in optionalText() }
        options.format = pick([.png, .jpeg])
        options.matte = pick([RGBA.white, RGBA(red: byte(), green: 1, blue: 2)])
        return (options, (0..<Int(byte() % 3) + 1).map { _ in text() })
    }
}

func meaning(_ options: AvatarOptions) -> AvatarOptions {
    var options = options
    if options.picture == nil { options.fallback = .initials }
    if options.format != .jpeg { options.matte = .white } // drawn only in a JPEG
    return options
}

func sameGroup(_ a: (GroupOptions, [String]), _ b: (GroupOptions, [String])) -> Bool {
    var (one, two) = (a.0, b.0)
    // Every alpha-0 border colour is one knock-out.
    if one.borderColor.alpha == 0 && two.borderColor.alpha == 0 { one.borderColor = two.borderColor }
    if one.format != .jpeg { one.matte = .white }
    if two.format != .jpeg { two.matte = .white }
    return one == two && a.1 == b.1
}

let hash = GravatarHash(pathSegment: "0bc83cb571cd1c50ba6f3e8a78ef1346")!

func gravatarKey(_ query: String) -> (GravatarDrawing, Int, OutputFormat, String)? {
    let pairs = (try? QueryString.parse(query)) ?? []
    let parameters = GravatarQuery(pairs: pairs, minSize: 16, maxSize: 1024)
    guard case .draw(let drawing) = GravatarPlan(hash: hash, query: parameters, entry: nil, signatureRequired: false, allowsRedirect: { _ in true }) else {
        return nil
    }
    let format = parameters.format ?? .png
    return (drawing, parameters.size, format, drawing.canonicalKey(hash: hash, pixels: parameters.size, format: format))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Two query strings first (the seeds spell colliding pairs there), then the choices.
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let queries = parts.prefix(2).map { String(decoding: $0, as: UTF8.self) }
    var reader = Reader(bytes: parts.count > 2 ? parts[2] : [])

    let fields = (0..<Int(reader.byte() % 5)).map { _ in reader.text() }
    let encoded = CanonicalKeyWriter.make(fields: fields)
    check(CanonicalKeyWriter.fields(of: encoded) == fields, "\(fields) does not decode back from \(encoded)")
    _ = CanonicalKeyWriter.fields(of: String(decoding: bytes, as: UTF8.self))

    let (one, two) = (reader.avatar(), reader.avatar())
    check((one.canonicalKey == two.canonicalKey) == (meaning(one) == meaning(two)), "\(one) and \(two): \(one.canonicalKey)")
    let (name, otherName) = (reader.text(), reader.text())
    let avatarKeys = (AnswerKey.avatar(one, name: name), AnswerKey.avatar(two, name: otherName))
    check((avatarKeys.0.etagSeed(.plain) == avatarKeys.1.etagSeed(.plain)) == (meaning(one) == meaning(two) && name == otherName), "avatar seeds")

    let (groupOne, groupTwo) = (reader.group(), reader.group())
    let groupKeys = (groupOne.0.canonicalKey(names: groupOne.1), groupTwo.0.canonicalKey(names: groupTwo.1))
    check((groupKeys.0 == groupKeys.1) == sameGroup(groupOne, groupTwo), "groups \(groupOne) and \(groupTwo): \(groupKeys.0)")

    if queries.count == 2, let first = gravatarKey(queries[0]), let second = gravatarKey(queries[1]) {
        check((first.3 == second.3) == (first.0 == second.0 && first.1 == second.1 && first.2 == second.2), "/gravatar?\(queries[0]) and ?\(queries[1]) share \(first.3)")
        let seeds = [AnswerKey.gravatar(first.3).etagSeed(.plain), avatarKeys.0.etagSeed(.plain), AnswerKey.group(groupOne.0, names: groupOne.1).etagSeed(.plain)]
        check(Set(seeds).count == 3, "seeds of different kinds collide")
    }
    return 0
}
