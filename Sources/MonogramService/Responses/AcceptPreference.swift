/// How an error answer is written.
enum ErrorForm: Sendable {
    /// One `text/plain` line (§1).
    case text
    /// The placeholder image with the reason in `X-Avatar-Error` (§1; 400, 403, 429 only).
    case image
    /// RFC 9457 `application/problem+json` (§11).
    case problem
}

/// What a request's `Accept` ranks highest (RFC 9110 §12.5.1) among images, text and JSON. An
/// image above text is what browsers send for `<img>`: then an error is the placeholder image so
/// the page shows a face rather than a broken-image icon.
enum AcceptPreference {
    /// How an error is written for this `Accept` (API §1, §11): problem details when JSON
    /// (`application/json`, `application/problem+json`) ranks above text and at least as high as
    /// images, the placeholder image when images rank above text, else the text line.
    static func errorForm(_ accept: Substring?) -> ErrorForm {
        guard let accept else { return .text }
        let ranks = ranks(accept)
        if ranks.json > ranks.text && ranks.json >= ranks.image { return .problem }
        return ranks.image > ranks.text ? .image : .text
    }

    static func prefersImage(_ accept: Substring?) -> Bool {
        guard let accept else { return false }
        let ranks = ranks(accept)
        return ranks.image > ranks.text
    }

    /// The highest quality given to an image type, a text type (or `*/*`), and a JSON type.
    private static func ranks(_ accept: Substring) -> (image: Double, text: Double, json: Double) {
        var image = 0.0
        var text = 0.0
        var json = 0.0
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let typePart = parts.first else { continue }
            let type = typePart.trimmingSpaces.lowercased()
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingSpaces
                if pair.hasPrefix("q="), let value = Double(pair.dropFirst(2)) { quality = min(max(value, 0), 1) }
            }
            if type.hasPrefix("image/") { image = max(image, quality) }
            if type.hasPrefix("text/") || type == "*/*" { text = max(text, quality) }
            if type == "application/json" || type == "application/problem+json" { json = max(json, quality) }
        }
        return (image, text, json)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var value = self.drop(while: { $0 == " " || $0 == "\t" })
        while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
        return value
    }
}
