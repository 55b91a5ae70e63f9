import MonogramHTTP

extension AvatarService {
    /// With `security.require_signature`, before routing `/avatar` and `/group` (API §8): nil
    /// when `request` carries a valid `sig` (then `query` has lost it), else the 403.
    func checkSignature(_ request: HTTPRequestHead, signer: URLSigner, query: inout Substring) -> HTTPResponse? {
        switch signer.verify(request.target) {
        case .failure(let refusal):
            return fixed.errors.response(
                for: .signature(refusal), prefersImage: AcceptPreference.prefersImage(request.header(HeaderName.accept)))
        case .success(let signatureBytes):
            // The signature is the end of the target, so the end of the query; `?sig=…` leaves
            // an empty query (its `?` is not part of `query`).
            let utf8 = query.utf8
            let keep = max(0, utf8.count - signatureBytes)
            query = query[..<utf8.index(utf8.startIndex, offsetBy: keep)]
            return nil
        }
    }
}
