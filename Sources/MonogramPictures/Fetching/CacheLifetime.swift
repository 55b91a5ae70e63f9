/// How long a fetched picture stays fresh, from the origin's `Cache-Control` (RFC 9111 §5.2.2),
/// bounded by `pictures.min_ttl` and `pictures.max_ttl`. We are a shared cache, so `s-maxage`
/// wins over `max-age`. `no-store`, `no-cache`, `private` or no header at all give the minimum:
/// the picture is still used for this answer and kept briefly, so a burst of requests for one
/// URL does not become a burst at the origin.
public enum CacheLifetime {
    public static func seconds(cacheControl: String?, minimum: Double, maximum: Double) -> Double {
        guard let cacheControl else { return minimum }
        var maxAge: Double?
        var sharedMaxAge: Double?
        for directive in cacheControl.split(separator: ",") {
            // No subscripts: `=`, `==` or ` = ` from an origin are directives with an empty
            // name (ignored), not a trap (issue 11, break 1).
            let equals = directive.firstIndex(of: "=")
            let name = directive[..<(equals ?? directive.endIndex)].trimmingSpaces.lowercased()
            let value = equals.map { directive[directive.index(after: $0)...].trimmingSpaces.trimmingQuotes } ?? ""
            switch name {
            case "no-store", "no-cache", "private": return minimum
            case "max-age": maxAge = seconds(value)
            case "s-maxage": sharedMaxAge = seconds(value)
            default: continue
            }
        }
        guard let age = sharedMaxAge ?? maxAge else { return minimum }
        return min(max(age, minimum), maximum)
    }

    /// Delta-seconds: digits only; huge values saturate rather than fail (RFC 9111 §1.2.2).
    private static func seconds(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Double(text.prefix(12))
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    fileprivate var trimmingQuotes: Substring {
        count >= 2 && first == "\"" && last == "\"" ? dropFirst().dropLast() : self
    }
}
