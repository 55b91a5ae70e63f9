import Glibc

/// Blocking-descriptor helpers shared by the access log and the executable's messages.
public enum FileDescriptor {
    /// Writes every byte unless the descriptor fails (then the rest is dropped: logging must
    /// never stop the server).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
