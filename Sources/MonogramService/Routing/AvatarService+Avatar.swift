import MonogramCore
import MonogramHTTP

extension AvatarService {
    /// `/avatar/{name}`: parsed here (on the loop thread), answered by the pipeline.
    func avatar(_ request: AnswerRequest, segment: Substring, query: Substring) -> HTTPHandlerResult {
        do throws(OptionsError) {
            let (name, options) = try jobs.parseAvatar(segment: segment, query: query)
            switch jobs.avatar(name: name, options: options) {
            case .initials(let job): return pipeline.answer(job, for: request)
            case .picture(let job): return pipeline.answer(job, for: request)
            }
        } catch {
            return .respond(badRequest(error, request.head), .none)
        }
    }

    func badRequest(_ error: OptionsError, _ request: HTTPRequestHead) -> HTTPResponse {
        fixed.errors.response(for: .badParameter(error), prefersImage: AcceptPreference.prefersImage(request.header(HeaderName.accept)))
    }
}
