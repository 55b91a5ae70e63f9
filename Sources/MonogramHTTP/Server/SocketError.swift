/// A system call on a socket failed; carries the call and `errno` for the log.
public struct SocketError: Error, Sendable, CustomStringConvertible {
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String {
        "\(call) failed: \(String(cString: strerror(errno)))"
    }
}

import Glibc
