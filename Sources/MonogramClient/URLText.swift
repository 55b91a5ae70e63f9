import Foundation

/// How values become URL text, byte for byte the same as clients/js/monogram.mjs.
enum URLText {
    /// Percent-encodes the UTF-8 of `text`, keeping only RFC 3986's unreserved characters and
    /// the ASCII bytes of `keep`, with upper-case hex. Everything a browser would encode (space,
    /// quotes, `<>`, `#`, non-ASCII, …) is encoded already, so the URL reaches the server byte
    /// for byte as it was signed. `+` is always `%2B`: the server reads a raw `+` as a space.
    static func percentEncode(_ text: String, keeping keep: Set<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if isUnreserved(byte) || keep.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static let nameKeeps: Set<UInt8> = [UInt8(ascii: "@")]
    private static let valueKeeps: Set<UInt8> = Set(",/:@".utf8)

    /// A name as one path segment: NFC, as the server normalises it, so one person has one
    /// URL; `,` is encoded (it separates a group's names).
    static func name(_ name: String) -> String {
        percentEncode(name.precomposedStringWithCanonicalMapping, keeping: nameKeeps)
    }

    /// A query value: `,`, `/`, `:` and `@` stay readable (neither browsers nor the server
    /// change them).
    static func value(_ value: String) -> String { percentEncode(value, keeping: valueKeeps) }

    /// Suffixes the server splits off the last path segment (API §1, §11).
    static let suffixes: Set<String> = ["png", "svg", "json", "webp", "avif", "jpg", "jpeg"]

    /// The last path segment: `encoded` and the format's suffix. Without a format, a segment
    /// that would end in a format suffix gets its last dot escaped (`a.png` stays the name
    /// `a.png`), and `.`/`..`, which browsers resolve away, get `.png` (the default format).
    static func segment(_ encoded: String, format: Format?) -> String {
        if let format { return encoded + "." + format.suffix }
        if encoded == "." || encoded == ".." { return encoded + ".png" }
        guard let dot = encoded.lastIndex(of: "."), suffixes.contains(String(encoded[encoded.index(after: dot)...])) else {
            return encoded
        }
        return encoded[..<dot] + "%2E" + encoded[encoded.index(after: dot)...]
    }

    /// At most 4 decimals, no exponent, no trailing zeros; the scaled value rounded half away
    /// from zero (JavaScript's `Math.round` for the non-negative values allowed here).
    static func decimal(_ value: Double, _ parameter: String) throws(MonogramClientError) -> String {
        guard value.isFinite, value >= 0, value <= 1e9 else {
            throw MonogramClientError(parameter, "must be a finite number from 0")
        }
        let scaled = Int64((value * 10000).rounded(.toNearestOrAwayFromZero))
        let whole = scaled / 10000
        var fraction = String(scaled % 10000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
    }

    /// A hex colour, lower case without `#`; `transparent` where `transparent` allows it.
    static func color(_ text: String, _ parameter: String, transparent: Bool = false) throws(MonogramClientError) -> String {
        if transparent && text.lowercased() == "transparent" { return "transparent" }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard [3, 6, 8].contains(hex.utf8.count), hex.utf8.allSatisfy({ $0 < 0x80 && Character(UnicodeScalar($0)).isHexDigit }) else {
            throw MonogramClientError(parameter, "must be hex RGB, RRGGBB or RRGGBBAA" + (transparent ? " or transparent" : ""))
        }
        return hex.lowercased()
    }

    static func density(_ value: Double) throws(MonogramClientError) -> String {
        guard [1, 1.5, 2, 3, 4].contains(value) else { throw MonogramClientError("dpr", "must be 1, 1.5, 2, 3 or 4") }
        return try decimal(value, "dpr")
    }

    static func palette(_ colors: [String]) throws(MonogramClientError) -> String {
        guard (2...32).contains(colors.count) else { throw MonogramClientError("colors", "must list 2 to 32 hex colours") }
        var out: [String] = []
        for color in colors { out.append(try Self.color(color, "colors")) }
        return out.joined(separator: ",")
    }

    static func shape(_ shape: Shape, masks: Bool) throws(MonogramClientError) -> String {
        switch shape {
        case .mask(let name) where !masks || name.isEmpty:
            throw MonogramClientError("shape", "must be square, circle or rounded" + (masks ? " or a mask name" : ""))
        default: return shape.value
        }
    }

    /// `path` and its query (names and values already formatted, encoded here).
    static func target(_ path: String, _ pairs: [(String, String)]) -> String {
        let query = pairs.map { percentEncode($0.0, keeping: []) + "=" + value($0.1) }.joined(separator: "&")
        return query.isEmpty ? path : path + "?" + query
    }

    static func extra(_ extra: [[String]]?, into pairs: inout [(String, String)]) throws(MonogramClientError) {
        for pair in extra ?? [] {
            guard pair.count == 2 else { throw MonogramClientError("extra", "must be [name, value] pairs") }
            pairs.append((pair[0], pair[1]))
        }
    }
}
