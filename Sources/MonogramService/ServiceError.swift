import MonogramCore
import MonogramHTTP

/// Every way a request can fail in the service, mapped to a status in exactly one place.
enum ServiceError: Error {
    case badParameter(OptionsError)
    case notFound
    case methodNotAllowed
    case overloaded
    /// Over the client's render budget (API §8): 429 with the seconds until it may retry.
    case overBudget(retryAfter: Int)
    /// A missing, malformed or wrong `sig` (API §8): 403.
    case signature(URLSigner.Refusal)
    /// Details go to the log only; the client sees a generic line.
    case internalFailure(String)
}

extension AvatarService {
    func response(for error: ServiceError, prefersImage: Bool) -> HTTPResponse {
        switch error {
        case .badParameter(let problem):
            return responses.badRequest(problem.message, placeholder: prefersImage ? placeholderPNG : nil)
        case .notFound:
            return HTTPResponse.error(.notFound, "no such resource; try /avatar/{name} or /group/{names}")
        case .methodNotAllowed:
            return HTTPResponse.error(.methodNotAllowed, "only GET and HEAD are allowed", extraHeaders: [("Allow", "GET, HEAD")])
        case .overloaded:
            return HTTPResponse.error(.serviceUnavailable, "busy rendering, retry shortly", extraHeaders: [("Retry-After", "1")])
        case .overBudget(let seconds):
            return AvatarService.overBudget(responses, retryAfter: seconds, placeholder: prefersImage ? placeholderPNG : nil)
        case .signature(let refusal):
            return responses.errorBody(AdmissionStatus.forbidden, refusal.reason, placeholder: prefersImage ? placeholderPNG : nil)
        case .internalFailure(let detail):
            logError(detail)
            return HTTPResponse.error(.internalServerError, "internal error")
        }
    }
}
