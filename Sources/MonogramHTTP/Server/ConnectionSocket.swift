import CSystem
import Glibc

/// Owns one accepted client socket and carries out the state machine's actions on it: the
/// only code that reads, writes, shuts down or closes a connection's descriptor. Not
/// copyable, so there is one owner and `deinit` closes the descriptor exactly once.
struct ConnectionSocket: ~Copyable {
    let descriptor: Int32
    private let epoll: Int32
    private var registered = false

    enum ReadResult {
        case bytes(Int)
        case endOfInput
        case wouldBlock
        case failed
    }

    enum WriteResult {
        /// Everything handed to the kernel in this call was taken.
        case wroteAll(Int)
        /// The kernel took part of it: its buffer is full.
        case wrotePart(Int)
        case wouldBlock
        case failed
    }

    init(descriptor: Int32, epoll: Int32) {
        self.descriptor = descriptor
        self.epoll = epoll
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit {
        if registered { _ = csystem_epoll_del(epoll, descriptor) }
        Glibc.close(descriptor)
    }

    var peerHost: String { SocketAddress.peerHost(of: descriptor) }

    /// Bytes written that the peer has not acknowledged (SIOCOUTQ), or -1.
    var unacknowledgedBytes: Int { Int(csystem_unacknowledged_bytes(descriptor)) }

    /// Bytes received that nobody has read yet (FIONREAD), or -1.
    var unreadBytes: Int { Int(csystem_unread_bytes(descriptor)) }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .endOfInput }
        return errno == EAGAIN || errno == EINTR ? .wouldBlock : .failed
    }

    /// One `writev` of the queued answers, each part straight from its own buffer (cached
    /// bodies are not copied into a connection buffer). `storage` is the loop's vector array
    /// (`vectorCapacity` long), allocated once: 256 vectors are 4 KiB, over what
    /// `withUnsafeTemporaryAllocation` puts on the stack, so a temporary one was a malloc and
    /// a free on every write of the hit path.
    func write(_ answers: ArraySlice<OutgoingResponse>, storage: UnsafeMutableBufferPointer<iovec>) -> WriteResult {
        var vectors = IOVectors(storage: storage)
        let count = Self.gather(answers.prefix(min(Self.maxAnswersPerWrite, storage.count / 4)), into: &vectors) { vectors in
            writev(descriptor, vectors.storage.baseAddress, Int32(vectors.count))
        }
        let offered = vectors.offered
        if count >= 0 { return count == offered ? .wroteAll(count) : .wrotePart(count) }
        return errno == EAGAIN || errno == EINTR ? .wouldBlock : .failed
    }

    /// The vectors of one `writev`, filled in place.
    private struct IOVectors {
        let storage: UnsafeMutableBufferPointer<iovec>
        var count = 0
        var offered = 0

        mutating func append(_ base: UnsafeRawPointer, _ length: Int) {
            storage[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: length)
            count += 1
            offered += length
        }
    }

    /// Arms epoll for the wanted events (level-triggered).
    mutating func setInterest(read: Bool, write: Bool) {
        var events: UInt32 = 0
        if read { events |= UInt32(EPOLLIN.rawValue) }
        if write { events |= UInt32(EPOLLOUT.rawValue) }
        if registered {
            _ = csystem_epoll_mod(epoll, descriptor, events, UInt64(descriptor))
        } else {
            _ = csystem_epoll_add(epoll, descriptor, events, UInt64(descriptor))
            registered = true
        }
    }

    func shutdownWrite() {
        Glibc.shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Best effort, for a connection refused at accept: one write, then `deinit` closes.
    func sendOnce(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// 4 parts per answer; Linux allows 1024 vectors per call.
    static let maxAnswersPerWrite = 64
    static let vectorCapacity = 4 * maxAnswersPerWrite

    /// Builds the vectors inside nested `withUnsafeBytes` scopes, so every pointer is valid
    /// for the one system call `finish` makes.
    private static func gather(
        _ answers: ArraySlice<OutgoingResponse>, into vectors: inout IOVectors,
        _ finish: (inout IOVectors) -> Int
    ) -> Int {
        guard let answer = answers.first else { return finish(&vectors) }
        return answer.head.withUnsafeBytes { head in
            answer.date.withUnsafeBytes { date in
                answer.framing.withUnsafeBytes { framing in
                    answer.body.withUnsafeBytes { body in
                        var skip = answer.sent
                        func add(_ part: UnsafeRawBufferPointer) {
                            guard skip < part.count, let base = part.baseAddress else {
                                skip -= min(skip, part.count)
                                return
                            }
                            vectors.append(base + skip, part.count - skip)
                            skip = 0
                        }
                        add(head)
                        add(date)
                        add(framing)
                        add(body)
                        return gather(answers.dropFirst(), into: &vectors, finish)
                    }
                }
            }
        }
    }
}
