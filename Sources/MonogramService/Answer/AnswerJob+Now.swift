import Dispatch
import MonogramSync

extension AnswerJob {
    /// Gathers and produces on the calling thread, outside the pipeline, with nothing charged:
    /// what `monogram render` does with the job the route would have queued. The deadlines are
    /// the pipeline's (gather budget, then `renderTimeout`), so a picture that does not come in
    /// time is drawn without, as a server would.
    func produceNow(renderTimeout: Duration) throws(ServiceError) -> Produced {
        let deadline = ContinuousClock.now + gatherBudget + renderTimeout
        if let materials = Self.immediate { return try produce(materials, until: deadline) }
        let gathered = Locked<Materials?>(nil)
        let done = DispatchSemaphore(value: 0)
        gather(until: deadline, charge: .free) { materials in
            gathered.withLock { $0 = materials }
            done.signal()
        }
        done.wait()
        guard let materials = gathered.withLock({ $0 }) ?? lateMaterials else {
            throw .internalFailure("gather ended without materials")
        }
        return try produce(materials, until: deadline)
    }
}
