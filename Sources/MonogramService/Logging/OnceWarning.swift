import Synchronization

/// A warning about something a request revealed that is the operator's to fix (a proxy
/// forwarding garbage): logged the first time only, so a client repeating it cannot flood
/// the log.
final class OnceWarning: Sendable {
    private let logger: Logger
    private let said = Atomic<Bool>(false)

    init(_ logger: Logger) {
        self.logger = logger
    }

    func warn(_ message: @autoclosure () -> String) {
        guard !said.load(ordering: .relaxed), !said.exchange(true, ordering: .relaxed) else { return }
        logger.warning(message())
    }
}
