// libFuzzer harness for the query-string and options parsers (compiled by scripts/fuzz.sh with
// all of MonogramCore). Input: a raw query string (the part after `?`), any bytes.
//
// Invariants: parsing never crashes; the raw-bytes parser gives the same options or error as
// the decoded pairs; `query(for:)` spells every §1/§3/§10 field, so equality after
// the round trip covers every parameter; a successful parse has every field in range; writing the
// parsed options back out as a fully spelled query and parsing that gives equal options and
// the same canonical key (one meaning, one key); the key is the same after shuffling the
// query's pairs.

import Foundation

let limits = OptionLimits(maxSize: 1024, fonts: ["DejaVu Sans", "Noto Sans"], masks: ["heart", "star"], palettes: ["accessible", "brand"])

func encode(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            out += "%" + String(byte, radix: 16, uppercase: true).leftPadded()
        }
    }
    return out
}

extension String {
    func leftPadded() -> String { count == 1 ? "0" + self : self }
}

func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

/// Every field spelled out, so a round trip exercises each parser branch.
func query(for options: AvatarOptions) -> String {
    var pairs: [(String, String)] = [("size", String(options.size)), ("dpr", number(options.dpr))]
    switch options.shape {
    case .square: pairs.append(("shape", "square"))
    case .circle: pairs.append(("shape", "circle"))
    case .rounded(let radius): pairs += [("shape", "rounded"), ("radius", number(radius))]
    case .mask(let name): pairs.append(("shape", name))
    }
    switch options.background {
    case .color(let color): pairs.append(("bg", color.hex))
    case .transparent: pairs.append(("bg", "transparent"))
    case nil: break
    }
    if let color = options.color { pairs.append(("color", color.hex)) }
    if case .colors(let colors)? = options.palette {
        check((2...32).contains(colors.count) && colors.allSatisfy { $0.alpha == 255 }, "colors out of bounds")
    }
    check(!(options.gradient && (options.theme == .auto || options.background == .transparent)), "gradient where it cannot be")
    if let initials = options.initials { pairs.append(("initials", initials)) }
    pairs.append(("length", String(options.length)))
    pairs.append(("uppercase", options.uppercase ? "true" : "false"))
    pairs.append(("font-size", number(options.fontSize)))
    if let font = options.font { pairs.append(("font", font)) }
    if let bold = options.bold { pairs.append(("bold", bold ? "1" : "0")) }
    if let id = options.id { pairs.append(("id", id)) }
    pairs.append(("format", options.format.rawValue))
    // §3: the picture as given, and what to answer without it. (The first run of this harness
    // spelled neither, so `…&picture=z` "changed" on the round trip: the harness was wrong,
    // not the parser; input kept as Fuzz/corpus/options/picture-roundtrip.)
    if let picture = options.picture { pairs.append(("picture", picture)) }
    pairs.append(("fallback", options.fallback.rawValue))
    pairs.append(("theme", options.theme.rawValue))
    // API §10: the palette by name or as a one-off list, and the gradient.
    switch options.palette {
    case .named(let name)?: pairs.append(("palette", name))
    case .colors(let colors)?: pairs.append(("colors", colors.map(\.hex).joined(separator: ",")))
    case nil: break
    }
    pairs.append(("gradient", options.gradient ? "1" : "0"))
    // API §11: JPEG's matte (opaque; kept whatever the format, keyed only for JPEG).
    check(options.matte.alpha == 255, "a matte with alpha")
    pairs.append(("matte", options.matte.hex))
    return pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // `/avatar` reads the raw query's bytes; `/group` (and this harness below) the decoded pairs.
    let fromPairs = Result { () throws(OptionsError) in try AvatarOptions(query: QueryString.parse(raw), limits: limits) }
    let fromBytes = Result { () throws(OptionsError) in try AvatarOptions(rawQuery: Substring(raw), limits: limits) }
    check(fromPairs == fromBytes, "the raw and the pair parser disagree on \(raw)")
    // API §11: the ignored names are at most 8, sorted, unique, never known or `v`, and safe as
    // a header value (printable ASCII, no comma) whatever the bytes.
    let ignored = IgnoredParameters.names(in: Substring(raw), known: AvatarOptions.knownParameters)
    check(ignored.count <= IgnoredParameters.maxListed && ignored == Array(Set(ignored)).sorted(), "ignored names not a sorted set of 8")
    check(!ignored.contains("v") && ignored.allSatisfy { !AvatarOptions.knownParameters.contains($0) }, "a known name listed as ignored")
    check(IgnoredParameters.header(ignored).utf8.allSatisfy { (0x20...0x7E).contains($0) }, "ignored names unsafe in a header")
    check(ignored.allSatisfy { !$0.contains(",") && !$0.isEmpty }, "an ignored name that is empty or has a comma")
    // `/group` reads the same pairs (API §2, §10): never a crash, and what it accepts is in range.
    if let pairs = try? QueryString.parse(raw) {
        let names = 1 + size % 100
        if let group = try? GroupOptions(query: pairs, limits: limits, nameCount: names) {
            check(group.ids.count <= names && group.pictures.count <= names, "more ids or pictures than names")
            check(group.total.map { $0 > names && $0 <= 1_000_000 } ?? true, "total out of range")
            check(group.hidden(count: names) >= 0, "negative +N")
            let reversed = try? GroupOptions(query: pairs.reversed(), limits: limits, nameCount: names)
            // Repeating `id`/`picture` are ordered: only a query without repeats is order-free.
            if !pairs.contains(where: { $0.name == "id" || $0.name == "picture" }) {
                check(reversed?.canonicalKey == group.canonicalKey, "pair order changed the group key")
            }
        }
    }
    guard let pairs = try? QueryString.parse(raw), let options = try? AvatarOptions(query: pairs, limits: limits) else {
        return 0
    }
    check((16...1024).contains(options.size) && (1...3).contains(options.length), "field out of range")
    check(options.pixelSize <= 4096, "pixel size over max_size × 4")
    if case .colors(let colors)? = options.palette {
        check((2...32).contains(colors.count) && colors.allSatisfy { $0.alpha == 255 }, "colors out of bounds")
    }
    check(!(options.gradient && (options.theme == .auto || options.background == .transparent)), "gradient where it cannot be")
    if let initials = options.initials {
        check((1...3).contains(initials.count) && initials.utf8.count <= 128, "initials out of bounds")
    }
    let key = options.canonicalKey
    let spelled = query(for: options)
    guard let again = try? AvatarOptions(query: QueryString.parse(spelled), limits: limits) else {
        check(false, "canonical spelling \(spelled) rejected")
        return 0
    }
    check(again == options, "round trip changed the options: \(spelled)")
    check(again.canonicalKey == key, "round trip changed the key: \(key) vs \(again.canonicalKey)")
    let reversed = try? AvatarOptions(query: pairs.reversed(), limits: limits)
    check(reversed?.canonicalKey == key, "pair order changed the key")
    return 0
}

