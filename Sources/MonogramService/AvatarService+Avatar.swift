import MonogramCore
import MonogramHTTP
import MonogramPictures
import MonogramRender

extension AvatarService {
    func avatar(_ request: HTTPRequestHead, segment: Substring, query: Substring, rawKey: String, responder: HTTPResponder) -> HTTPHandlerResult {
        let resolved: ResolvedAvatar
        do throws(OptionsError) {
            resolved = try parseAvatar(segment: segment, query: query)
        } catch {
            return .respond(badRequest(error, request), note: "")
        }
        let format = resolved.options.format
        let key = "avatar|" + resolved.options.canonicalKey + "|n=" + resolved.name
        let source = resolved.initials.isEmpty ? "placeholder" : "initials"
        if format != .json, let picture = resolved.options.picture, let url = try? PictureURL.parse(picture) {
            return pictureAvatar(request, resolved: resolved, url: url, key: key, responder: responder)
        }
        return answer(key: key, rawKey: rawKey, format: format, request: request, responder: responder) { [renderer] () throws(ServiceError) in
            switch format {
            case .json:
                return (Array(resolved.json.utf8), source)
            case .png, .svg:
                do throws(RenderError) {
                    return (try renderer.render(resolved.spec, format: format == .svg ? .svg : .png), source)
                } catch {
                    throw .internalFailure("render \(key): \(error)")
                }
            }
        }
    }

    /// `{name}[.png|.svg|.json]` and the query → what to draw, or the parameter at fault.
    func parseAvatar(segment: Substring, query: Substring) throws(OptionsError) -> ResolvedAvatar {
        let (rawName, suffixFormat) = AvatarPath.split(segment)
        let name = try PathSegment.decodeName(rawName)
        var options = try AvatarOptions(query: QueryString.parse(query), limits: settings.limits)
        if let suffixFormat { options.format = suffixFormat }
        try checkPicture(&options)
        return settings.resolver.resolve(name: name, options: options)
    }

    func badRequest(_ error: OptionsError, _ request: HTTPRequestHead) -> HTTPResponse {
        response(for: .badParameter(error), prefersImage: AcceptPreference.prefersImage(request.header("Accept")))
    }
}
