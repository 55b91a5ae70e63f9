import Dispatch
import MonogramCore
import MonogramHTTP
@testable import MonogramService
import MonogramSync

/// A job whose producer the test controls: it can wait at a gate, fail, and counts its calls.
struct ControlledJob: AnswerJob {
    let key: AnswerKey
    let calls: Locked<Int>
    let gate: DispatchSemaphore?
    /// Signalled when a worker starts producing.
    let started: DispatchSemaphore?
    let fails: Bool

    init(_ name: String, calls: Locked<Int> = Locked(0), gate: DispatchSemaphore? = nil, started: DispatchSemaphore? = nil, fails: Bool = false) {
        self.key = .avatar(AvatarOptions(), name: name)
        self.calls = calls
        self.gate = gate
        self.started = started
        self.fails = fails
    }

    var placement: AnswerPlacement { .pool }
    var work: WorkCost { WorkCost(cpuNanoseconds: 1, peakBytes: 0, outputBytes: 0) }

    func produce(_: Void, until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced {
        calls.withLock { $0 += 1 }
        started?.signal()
        gate?.wait()
        if fails { throw .internalFailure("producer failed on purpose") }
        return .image(Array("body of \(key.name)".utf8), format: .png, source: .initials)
    }
}

/// Counts what the admission step is asked.
struct CountingAdmission: AnswerAdmission {
    let asked = Locked(0)

    func admit(cost: Int, request: AnswerRequest) -> ServiceError? {
        asked.withLock { $0 += 1 }
        return nil
    }
}

/// Collects the answers a responder is given, and waits for them without sleeping.
final class Answers: Sendable {
    private let received = Locked<[(response: HTTPResponse, note: AnswerNote)]>([])
    private let arrived = DispatchSemaphore(value: 0)

    var responder: HTTPResponder {
        HTTPResponder { [self] response, note in
            received.withLock { $0.append((response, AnswerNote(note))) }
            arrived.signal()
        }
    }

    /// Waits for `count` more answers.
    func wait(_ count: Int) {
        for _ in 0..<count { arrived.wait() }
    }

    var all: [(response: HTTPResponse, note: AnswerNote)] { received.withLock { $0 } }
}

enum PipelineTestSupport {
    static func pipeline(
        threads: Int = 1, queue: Int = 8, cacheBytes: Int = 1 << 20, renderTimeout: Duration = .seconds(60),
        admission: any AnswerAdmission = AdmitAll(), metrics: Metrics = Metrics()
    ) -> AnswerPipeline {
        let headers = CommonHeaders(corsOrigin: "*")
        return AnswerPipeline(
            cache: AnswerCache(maxBytes: cacheBytes),
            responses: ResponseFactory(cacheControl: "public, max-age=60", release: "test", headers: headers),
            errors: ErrorResponses(headers: headers, placeholderPNG: [], logger: Logger(level: .error)),
            pool: WorkerPool(name: "test-render", threads: threads, queueLimit: queue),
            metrics: metrics, renderTimeout: renderTimeout, admission: admission)
    }

    static func request(
        _ target: String, answers: Answers, arrival: ContinuousClock.Instant = .now, ifNoneMatch: [Substring] = []
    ) -> AnswerRequest {
        AnswerRequest(
            target: target, ifNoneMatch: ifNoneMatch, peer: "127.0.0.1",
            head: HTTPRequestHead(method: .get, target: target, headers: [("Host", "test")]), arrival: arrival,
            responder: answers.responder)
    }

    /// Runs `answer` and returns the response whether it came at once or through the responder.
    static func answer<Job: AnswerJob>(_ pipeline: AnswerPipeline, _ job: Job, _ target: String) -> (response: HTTPResponse, note: AnswerNote) {
        let answers = Answers()
        switch pipeline.answer(job, for: request(target, answers: answers)) {
        case .respond(let response, let note): return (response, AnswerNote(note))
        case .deferred:
            answers.wait(1)
            return answers.all[0]
        }
    }
}

/// A job whose outside work never calls back, like an origin that hangs past every timeout.
struct NeverGatheringJob: AnswerJob {
    typealias Materials = String
    let key = AnswerKey.avatar(AvatarOptions(), name: "Never")
    let budget: Duration

    var placement: AnswerPlacement { .pool }
    var work: WorkCost { WorkCost(cpuNanoseconds: 1, peakBytes: 0, outputBytes: 0) }
    var gatherBudget: Duration { budget }
    var lateMaterials: String? { "late" }

    func gather(until deadline: ContinuousClock.Instant, charge: WorkCharge, _ done: @escaping @Sendable (String) -> Void) {}

    func produce(_ materials: String, until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced {
        .image(Array(materials.utf8), format: .png, source: .initials, variant: .pictureFallback, lifetime: .zero)
    }
}
