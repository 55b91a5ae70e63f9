import MonogramCore
import MonogramHTTP

extension AvatarService {
    /// `POST /purge` (API §9): `tags=p-…+p-…` drops every cached answer filed under any of them
    /// and answers 200 with how many went; the edges of `cache.purge_urls` are told the same.
    /// Allowed with a signature of the target (`/purge?sig=…`) or from `cache.purge_from`.
    func purge(_ request: HTTPRequestHead, peer: String) -> HTTPHandlerResult {
        if case .failure(let refusal) = purging.authorise(request, peer: peer) {
            return .respond(fixed.headers.text(AdmissionStatus.forbidden, refusal.reason), .refused)
        }
        if let type = request.header(HeaderName.contentType), !AvatarService.isForm(type) {
            return .respond(fixed.errors.response(for: .badParameter(OptionsError(
                parameter: "tags", message: "the body must be application/x-www-form-urlencoded: tags=p-…+p-…"))), .none)
        }
        guard !request.bodyTruncated else {
            return .respond(fixed.headers.text(.payloadTooLarge, "purge body over \(request.body.count) bytes; send at most \(PurgeRequest.maxTags) tags"), .none)
        }
        do throws(OptionsError) {
            let dropped = purging.purge(try PurgeRequest(body: request.body), forward: true)
            return .respond(fixed.headers.text(.ok, String(dropped)), .none)
        } catch {
            return .respond(fixed.errors.response(for: .badParameter(error)), .none)
        }
    }

    /// `application/x-www-form-urlencoded`, with or without parameters, any case.
    static func isForm(_ contentType: Substring) -> Bool {
        let type = contentType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }.lowercased()
        return type == "application/x-www-form-urlencoded"
    }
}
