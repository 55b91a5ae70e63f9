import MonogramCrypto
import MonogramHTTP

extension AvatarService {
    /// With `security.require_signature`, before routing `/avatar` and `/group` (API §8): nil
    /// when `request` carries a valid `sig` (then `query` has lost it) that has not expired
    /// (API §11: `expires` is then its `exp`, if it has one), else the 403. Every request that
    /// is not answered from a remembered target comes here, and a target with `exp` is never
    /// remembered, so an expired URL is refused whether its answer is cached or not.
    func checkSignature(_ request: HTTPRequestHead, signer: URLSigner, query: inout Substring, expires: inout Int?) -> HTTPResponse? {
        switch signer.verify(request.target) {
        case .failure(let refusal):
            return refuse(request, refusal)
        case .success(let signatureBytes):
            // The signature is the end of the target, so the end of the query; `?sig=…` leaves
            // an empty query (its `?` is not part of `query`).
            let utf8 = query.utf8
            let keep = max(0, utf8.count - signatureBytes)
            query = query[..<utf8.index(utf8.startIndex, offsetBy: keep)]
            switch SignedExpiry.parse(query) {
            case .failure: return refuse(request, .malformedExpiry)
            case .success(let exp?) where wallClock.seconds() >= exp: return refuse(request, .expired)
            case .success(let exp): expires = exp
            }
            return nil
        }
    }

    private func refuse(_ request: HTTPRequestHead, _ refusal: URLSigner.Refusal) -> HTTPResponse {
        fixed.errors.response(for: .signature(refusal), form: AcceptPreference.errorForm(request.header(HeaderName.accept)))
    }
}
