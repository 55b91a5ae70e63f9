import Glibc

/// `precondition` with its message kept in -O builds, so a crash report says which invariant
/// broke. Compiled into every harness by scripts/fuzz.sh.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    var line = "invariant broken: \(message())\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}
