import MonogramCore
import MonogramHTTP

/// `GET /`: a self-contained playground (markup, style and script inline; no network but this
/// service), built once per process because its font and shape lists come from the configuration.
enum PlaygroundPage {
    /// Inline style and script only, images from this origin: nothing else can load or run.
    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func response(limits: OptionLimits, headers: CommonHeaders) -> HTTPResponse {
        headers.response(
            .ok,
            [
                (HeaderName.contentType, MediaType.html),
                (HeaderName.cacheControl, CacheDirective.noCache),
                (HeaderName.contentSecurityPolicy, contentSecurityPolicy),
                (HeaderName.referrerPolicy, "no-referrer"),
            ],
            body: Array(html(limits: limits).utf8))
    }

    static func html(limits: OptionLimits) -> String {
        let fonts = limits.fonts.map { "<option>\(escape($0))</option>" }.joined()
        let masks = limits.masks.sorted().map { "<option>\(escape($0))</option>" }.joined()
        let palettes = limits.palettes.map { "<option>\(escape($0))</option>" }.joined()
        return markup
            .replacingOccurrences(of: "{{PALETTES}}", with: palettes)
            .replacingOccurrences(of: "{{FONTS}}", with: fonts)
            .replacingOccurrences(of: "{{MASKS}}", with: masks)
            .replacingOccurrences(of: "{{MAX_SIZE}}", with: String(limits.maxSize))
            .replacingOccurrences(of: "{{VERSION}}", with: MonogramRelease.version)
            .replacingOccurrences(of: "{{STYLE}}", with: style)
            .replacingOccurrences(of: "{{SCRIPT}}", with: script)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
