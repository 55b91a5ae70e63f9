/// Whether a request's `Accept` ranks an image above text (RFC 9110 §12.5.1), as browsers do
/// for `<img>`: then an error is answered with the placeholder image so the page shows a face
/// rather than a broken-image icon.
enum AcceptPreference {
    static func prefersImage(_ accept: Substring?) -> Bool {
        guard let accept else { return false }
        var image = 0.0
        var text = 0.0
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
            if type == "*/*" { image = max(image, 0) }
        }
        return image > text
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var value = self.drop(while: { $0 == " " || $0 == "\t" })
        while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
        return value
    }
}
