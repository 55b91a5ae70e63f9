import MonogramCore

/// The step before any work is queued for a request that missed the cache: the place where a
/// per-client render budget (issue 14) refuses work with its `ServiceError` (e.g. a 429). Hits,
/// 304s and requests that join a render already in flight never reach it, so they are never
/// charged.
protocol AnswerAdmission: Sendable {
    /// Nil admits the request (charged `cost` tokens); an error is answered instead of doing the work.
    func admit(cost: Int, request: AnswerRequest) -> ServiceError?
    /// `admit`, with the header fields that tell the client where its budget stands (API §11:
    /// `RateLimit-Policy`, `RateLimit`), set on the answer or on the refusal alike.
    func admitReporting(cost: Int, request: AnswerRequest) -> (refusal: ServiceError?, fields: [(name: String, value: String)])
    /// `admitReporting`, with the render pool's lane for the request: its client's network
    /// (`ClientKey.lane`), so one network's backlog cannot hold up another's renders; 0 when
    /// this admission knows no client.
    func admitLaned(cost: Int, request: AnswerRequest) -> (refusal: ServiceError?, fields: [(name: String, value: String)], lane: UInt64)
    /// Where the work an admitted request learns of later (a picture's fetch and decode, once
    /// its pixels are known) is charged: the same client as `admit`, which charged `admitted`
    /// for the render and `prepaid` for the pictures (`PicturePrepayment`), together.
    func charge(for request: AnswerRequest, admitted: Int, prepaid: Int) -> WorkCharge
}

extension AnswerAdmission {
    func charge(for request: AnswerRequest, admitted: Int, prepaid: Int) -> WorkCharge { .free }

    /// No budget, nothing to report.
    func admitReporting(cost: Int, request: AnswerRequest) -> (refusal: ServiceError?, fields: [(name: String, value: String)]) {
        (admit(cost: cost, request: request), [])
    }

    /// No client known: every request on lane 0.
    func admitLaned(cost: Int, request: AnswerRequest) -> (refusal: ServiceError?, fields: [(name: String, value: String)], lane: UInt64) {
        let (refusal, fields) = admitReporting(cost: cost, request: request)
        return (refusal, fields, 0)
    }
}

/// No budget: every request that misses the cache is admitted.
struct AdmitAll: AnswerAdmission {
    func admit(cost: Int, request: AnswerRequest) -> ServiceError? { nil }
}

/// Charges work learnt while gathering to one request's client: nil admits it, a number is
/// the refusal's `Retry-After` in seconds.
struct WorkCharge: Sendable {
    let charge: (@Sendable (WorkCost) -> Int?)?

    /// Nothing is charged (the budget is off).
    static let free = WorkCharge(charge: nil)

    /// The picture service's form: nil when nothing is charged.
    var picture: (@Sendable (WorkCost) -> Int?)? { charge }
}
