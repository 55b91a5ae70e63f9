import MonogramCore
import MonogramHTTP

extension AvatarService {
    /// `/avatar/{name}`: parsed here (on the loop thread), answered by the pipeline.
    func avatar(_ request: AnswerRequest, segment: Substring, query: Substring) -> HTTPHandlerResult {
        var request = request
        do throws(OptionsError) {
            let (name, options) = try jobs.parseAvatar(segment: segment, query: query)
            try noteIgnored(query, known: AvatarOptions.knownParameters, in: &request, strict: strictParameters)
            switch jobs.avatar(name: name, options: options) {
            case .initials(let job): return pipeline.answer(job, for: request)
            case .picture(let job): return pipeline.answer(job, for: request)
            }
        } catch {
            return .respond(badRequest(error, request.head), .none)
        }
    }

    /// API §11: the parameters the route does not know go into `X-Avatar-Ignored` (first 8,
    /// sorted, never `v`), or with `strict` are a 400 naming them. Only a query that has some
    /// pays for the lookup beyond one scan.
    func noteIgnored(_ query: Substring, known: Set<String>, in request: inout AnswerRequest, strict: Bool) throws(OptionsError) {
        let ignored = IgnoredParameters.names(in: query, known: known)
        guard let first = ignored.first else { return }
        if strict {
            let list = IgnoredParameters.header(ignored)
            throw OptionsError(
                parameter: first,
                message: (ignored.count == 1 ? "unknown parameter " : "unknown parameters ") + list
                    + " (http.strict_parameters is on; see docs/api.md for the parameters)")
        }
        request.amendment.fields.append((HeaderName.avatarIgnored, IgnoredParameters.header(ignored)))
    }

    func badRequest(_ error: OptionsError, _ request: HTTPRequestHead) -> HTTPResponse {
        fixed.errors.response(for: .badParameter(error), form: AcceptPreference.errorForm(request.header(HeaderName.accept)))
    }
}
