import MonogramCore
import MonogramHTTP
import MonogramPictures
import MonogramRender

extension AvatarService {
    func avatar(_ request: HTTPRequestHead, segment: Substring, query: Substring, rawKey: String, responder: HTTPResponder) -> HTTPHandlerResult {
        let name: String
        let options: AvatarOptions
        do throws(OptionsError) {
            (name, options) = try parseAvatar(segment: segment, query: query)
        } catch {
            return .respond(badRequest(error, request), note: "")
        }
        let format = options.format
        let key = "avatar|" + options.canonicalKey + "|n=" + name
        if format != .json, let picture = options.picture, let url = try? PictureURL.parse(picture) {
            let resolved = settings.resolver.resolve(name: name, options: options)
            return pictureAvatar(request, resolved: resolved, url: url, key: key, responder: responder)
        }
        // Initials and colour are resolved in `produce`: on a render thread for images, so a
        // miss costs the event loop only the parsing above.
        return answer(key: key, rawKey: rawKey, format: format, request: request, responder: responder) { [self] () throws(ServiceError) in
            let resolved = settings.resolver.resolve(name: name, options: options)
            let source = resolved.initials.isEmpty ? "placeholder" : "initials"
            switch format {
            case .json:
                return (Array(resolved.json.utf8), source)
            case .png, .svg, .webp, .avif:
                return (try render(resolved.spec, format: format, key: key), source)
            }
        }
    }

    /// `{name}[.png|.svg|.json|.webp|.avif]` and the query → the decoded name and validated options, or the
    /// parameter at fault.
    func parseAvatar(segment: Substring, query: Substring) throws(OptionsError) -> (name: String, options: AvatarOptions) {
        let (rawName, suffixFormat) = AvatarPath.split(segment)
        let name = try PathSegment.decodeName(rawName)
        var options = try AvatarOptions(query: QueryString.parse(query), limits: settings.limits)
        if let suffixFormat { options.format = suffixFormat }
        try options.checkTheme()
        try options.format.check(pixels: options.pixelSize * options.pixelSize)
        try checkPicture(&options)
        return (name, options)
    }

    func badRequest(_ error: OptionsError, _ request: HTTPRequestHead) -> HTTPResponse {
        response(for: .badParameter(error), prefersImage: AcceptPreference.prefersImage(request.header("Accept")))
    }
}
