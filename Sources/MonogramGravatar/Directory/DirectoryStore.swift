import Dispatch
import Glibc
import MonogramSync

/// The directory the `/gravatar` route reads, replaced whole by each successful reload.
///
/// Requests read `current` under a lock held only to copy one reference, so a reload (parsing,
/// hashing and sorting on its own queue, seconds for a million rows) never delays a request or
/// drops one: until the new directory is complete the old one answers, then one assignment
/// swaps them. A rejected file leaves the previous directory in place. Reloads run one at a
/// time (a SIGHUP during a reload queues one more, not one per signal).
public final class DirectoryStore: Sendable {
    public struct Report: Sendable {
        public var loaded: Int?
        public var rejection: String?
        public var problems: [DirectoryProblem]
        public var skipped: Int
    }

    public let path: String
    public let limits: DirectoryLimits
    private let state = Locked<(directory: Directory?, modified: timespec?, pending: Bool)>((nil, nil, false))
    private let queue = DispatchQueue(label: "monogram.gravatar.directory")
    private let checkPicture: @Sendable (String) -> String?
    /// Receives one line per event (loaded, skipped row, rejected), never an address.
    private let log: @Sendable (String) -> Void
    /// Told of each successful load after the first (API §9: the service purges the people it
    /// changed); runs on the reloading thread, after the new directory answers.
    private let reloaded = Locked<(@Sendable (_ old: Directory?, _ new: Directory) -> Void)?>(nil)

    public init(
        path: String, limits: DirectoryLimits = .default, checkPicture: @escaping @Sendable (String) -> String?,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.path = path
        self.limits = limits
        self.checkPicture = checkPicture
        self.log = log
    }

    /// Calls `body` with the previous and the new directory after every later successful load.
    public func whenReloaded(_ body: @escaping @Sendable (_ old: Directory?, _ new: Directory) -> Void) {
        reloaded.withLock { $0 = body }
    }

    /// The directory to answer from now (nil before the first successful load).
    public var current: Directory? { state.withLock { $0.directory } }

    /// Loads the file now, on the caller's thread (start-up), and reports what happened.
    @discardableResult
    public func loadNow() -> Report {
        let modified = DirectoryStore.modificationTime(path)
        let outcome = DirectoryLoader.load(path: path, limits: limits, checkPicture: checkPicture)
        let report = Report(loaded: outcome.directory?.count, rejection: outcome.rejection, problems: outcome.problems, skipped: outcome.skipped)
        let old = state.withLock { state -> Directory? in
            defer {
                state.modified = modified
                if let directory = outcome.directory { state.directory = directory }
            }
            return state.directory
        }
        if let directory = outcome.directory, let changed = reloaded.withLock({ $0 }) { changed(old, directory) }
        // "line N: reason": a skipped row, or a row kept without its picture.
        for problem in outcome.problems { log("gravatar directory \(path): \(problem)") }
        if outcome.skipped > outcome.problems.count {
            log("gravatar directory \(path): \(outcome.skipped - outcome.problems.count) more rows with problems")
        }
        if let rejection = outcome.rejection {
            log("gravatar directory \(path) rejected, \(current == nil ? "no directory loaded" : "previous directory kept"): \(rejection)")
        } else if let count = outcome.directory?.count {
            log("gravatar directory \(path): \(count) addresses loaded")
        }
        return report
    }

    /// Reloads in the background (SIGHUP); `done` runs after it, for tests and logs.
    public func reload(_ done: @escaping @Sendable (Report) -> Void = { _ in }) {
        let first = state.withLock { state -> Bool in
            defer { state.pending = true }
            return !state.pending
        }
        guard first else { return }
        queue.async { [self] in
            state.withLock { $0.pending = false }
            done(loadNow())
        }
    }

    /// Reloads when the file's modification time (or size) differs from the last load's.
    public func reloadIfModified() {
        let now = DirectoryStore.modificationTime(path)
        let changed = state.withLock { state -> Bool in
            guard let now else { return false }
            guard let before = state.modified else { return true }
            return before.tv_sec != now.tv_sec || before.tv_nsec != now.tv_nsec
        }
        if changed { reload() }
    }

    static func modificationTime(_ path: String) -> timespec? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mtim
    }
}
