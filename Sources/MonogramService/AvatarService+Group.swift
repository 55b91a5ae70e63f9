import MonogramCore
import MonogramHTTP
import MonogramRender

extension AvatarService {
    /// `/group/{names}`: several faces in one image (API §2), cached and revalidated exactly
    /// like `/avatar`, keyed by the canonical options and the decoded list of names.
    func group(_ request: HTTPRequestHead, segment: Substring, query: Substring, rawKey: String, responder: HTTPResponder) -> HTTPHandlerResult {
        let resolved: ResolvedGroup
        do throws(OptionsError) {
            resolved = try parseGroup(segment: segment, query: query)
        } catch {
            return .respond(badRequest(error, request), note: "")
        }
        let format = resolved.options.format
        let key = "group|" + resolved.options.canonicalKey(names: resolved.names)
        let wanted = format == .json ? [] : drawnPictures(resolved)
        if !wanted.isEmpty {
            return pictureGroup(request, resolved: resolved, wanted: wanted, key: key, responder: responder)
        }
        let source = resolved.faces.allSatisfy { $0.initials.isEmpty } ? "placeholder" : "initials"
        return answer(key: key, rawKey: rawKey, format: format, request: request, responder: responder) { [self] () throws(ServiceError) in
            switch format {
            case .json:
                return (Array(resolved.json.utf8), source)
            case .png, .svg, .webp, .avif:
                return (try renderGroup(resolved.spec, format: format, key: key), source)
            }
        }
    }

    /// `{names}[.png|.svg|.json|.webp|.avif]` and the query → what to draw, or the parameter at fault.
    /// The names are checked first: their count bounds the `picture` list.
    func parseGroup(segment: Substring, query: Substring) throws(OptionsError) -> ResolvedGroup {
        let (rawNames, suffixFormat) = AvatarPath.split(segment)
        let names = try GroupPath.names(rawNames)
        var options = try GroupOptions(query: QueryString.parse(query), limits: settings.limits, nameCount: names.count)
        if let suffixFormat { options.format = suffixFormat }
        try options.checkTheme()
        try checkPictures(&options)
        let resolved = settings.resolver.resolve(names: names, options: options)
        try options.format.check(pixels: resolved.spec.layout.width * resolved.spec.layout.height)
        return resolved
    }
}
