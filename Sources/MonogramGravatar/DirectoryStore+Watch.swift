public import Dispatch
import Glibc

extension DirectoryStore {
    /// Reloads on every `SIGHUP` (the signal's default action, ending the process, is turned
    /// off). Keep the source; cancelling it stops the watch.
    public func reloadOnHangup() -> any DispatchSourceSignal {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler { [self] in reload() }
        source.resume()
        return source
    }

    /// Checks the file's modification time every `interval` seconds and reloads when it
    /// changed, for platforms where sending a signal is awkward (a mounted ConfigMap, Windows
    /// hosts editing a bind mount). One `stat` per interval.
    public func reloadWhenModified(every interval: Double) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let nanoseconds = Int(max(0.1, interval) * 1e9)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
        timer.setEventHandler { [self] in reloadIfModified() }
        timer.resume()
        return timer
    }
}
