import MonogramCore
import MonogramHTTP

/// Every way a request can fail in the service, mapped to a status in exactly one place.
enum ServiceError: Error {
    case badParameter(OptionsError)
    case notFound
    case methodNotAllowed
    case overloaded
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
        case .internalFailure(let detail):
            logError(detail)
            return HTTPResponse.error(.internalServerError, "internal error")
        }
    }
}
