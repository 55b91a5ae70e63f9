public import Dispatch

/// SIGHUP is the process's (`ServiceRunner` turns it into `AvatarService.reload()`): a module
/// that installed its own handler could not be the only one, and a process without it died.
extension DirectoryStore {
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
