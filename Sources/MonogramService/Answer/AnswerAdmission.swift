/// The step before any work is queued for a request that missed the cache: the place where a
/// per-client render budget (issue 14) refuses work with its `ServiceError` (e.g. a 429). Hits,
/// 304s and requests that join a render already in flight never reach it, so they are never
/// charged.
protocol AnswerAdmission: Sendable {
    /// Nil admits the request; an error is answered instead of doing the work.
    func admit(cost: Int, request: AnswerRequest) -> ServiceError?
}

/// No budget: every request that misses the cache is admitted.
struct AdmitAll: AnswerAdmission {
    func admit(cost: Int, request: AnswerRequest) -> ServiceError? { nil }
}
