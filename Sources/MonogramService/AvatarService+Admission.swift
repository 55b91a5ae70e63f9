import MonogramCore
import MonogramHTTP

/// API §8's two admission checks, each at one point of the pipeline: the signature before
/// routing `/avatar` and `/group`, the render budget only where a request is about to be
/// queued for work (a cache miss, a picture fetch or decode), never for a hit or a 304.
extension AvatarService {
    /// With `security.require_signature`: nil when `request` carries a valid `sig` (then
    /// `query` has lost it), else the 403.
    func checkSignature(_ request: HTTPRequestHead, query: inout Substring) -> HTTPResponse? {
        switch settings.signer.verify(request.target) {
        case .failure(let refusal):
            return response(for: .signature(refusal), prefersImage: AcceptPreference.prefersImage(request.header("Accept")))
        case .success(let signatureBytes):
            // The signature is the end of the target, so the end of the query; `?sig=…` leaves
            // an empty query (its `?` is not part of `query`).
            let utf8 = query.utf8
            let keep = max(0, utf8.count - signatureBytes)
            query = query[..<utf8.index(utf8.startIndex, offsetBy: keep)]
            return nil
        }
    }

    /// Charges the client of `request` for producing `key` (`pixels` output pixels) and answers
    /// nil, or the 429 when it is over budget. Free when the budget is off and when a render
    /// of the same key is already under way (the request will join it and add no work).
    func chargeBudget(_ request: HTTPRequestHead, context: HTTPRequestContext, key: String, pixels: Int) -> HTTPResponse? {
        guard let budget, !flights.contains(key) else { return nil }
        let address = settings.trustedProxies.isEmpty
            ? context.peer
            : settings.trustedProxies.client(peer: context.peer, forwardedFor: request.headers("X-Forwarded-For"), forwarded: request.headers("Forwarded"))
        let client = ClientAddress.key(address, ipv6Prefix: settings.clientBudget?.ipv6Prefix ?? 64)
        switch budget.charge(client, pixels: pixels, now: monotonicNanoseconds()) {
        case .admitted:
            return nil
        case .refused(let retryAfter):
            let prefersImage = AcceptPreference.prefersImage(request.header("Accept"))
            let index = retryAfter * 2 + (prefersImage ? 1 : 0)
            if index < refusals.count { return refusals[index] }
            return response(for: .overBudget(retryAfter: retryAfter), prefersImage: prefersImage)
        }
    }

    /// The 429s for the first minute of `Retry-After` values, text and image, built once: a
    /// client over its budget may send thousands a second, and each should cost as little as
    /// a hit. Index `seconds × 2 + (image ? 1 : 0)`.
    static func buildRefusals(_ responses: ResponseFactory, placeholder: [UInt8]) -> [HTTPResponse] {
        (0..<122).map { index in
            overBudget(responses, retryAfter: max(1, index / 2), placeholder: index % 2 == 1 ? placeholder : nil)
        }
    }

    static func overBudget(_ responses: ResponseFactory, retryAfter seconds: Int, placeholder: [UInt8]?) -> HTTPResponse {
        responses.errorBody(
            AdmissionStatus.tooManyRequests, "render budget of this client exceeded; retry in \(seconds) s",
            placeholder: placeholder, extraHeaders: [("Retry-After", String(seconds))])
    }
}
