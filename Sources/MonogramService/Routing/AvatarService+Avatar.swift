import MonogramCore
import MonogramHTTP

extension AvatarService {
    /// `/avatar/{name}`: parsed here (on the loop thread), answered by the pipeline.
    func avatar(_ request: AnswerRequest, segment: Substring, query: Substring) -> HTTPHandlerResult {
        do throws(OptionsError) {
            let (name, options) = try parseAvatar(segment: segment, query: query)
            switch jobs.avatar(name: name, options: options) {
            case .initials(let job): return pipeline.answer(job, for: request)
            case .picture(let job): return pipeline.answer(job, for: request)
            }
        } catch {
            return .respond(badRequest(error, request.head), .none)
        }
    }

    /// `{name}[.png|.svg|.json|.webp|.avif]` and the query → the decoded name and validated options, or the
    /// parameter at fault.
    func parseAvatar(segment: Substring, query: Substring) throws(OptionsError) -> (name: String, options: AvatarOptions) {
        let (rawName, suffixFormat) = AvatarPath.split(segment)
        let name = try PathSegment.decodeName(rawName)
        var options = try AvatarOptions(rawQuery: query, limits: jobs.limits)
        if let suffixFormat { options.format = suffixFormat }
        try options.checkTheme()
        try options.format.check(pixels: options.pixelSize * options.pixelSize)
        options.picture = try jobs.normalisePicture(options.picture)
        return (name, options)
    }

    func badRequest(_ error: OptionsError, _ request: HTTPRequestHead) -> HTTPResponse {
        fixed.errors.response(for: .badParameter(error), prefersImage: AcceptPreference.prefersImage(request.header(HeaderName.accept)))
    }
}
