// A/B of the two event-loop designs on Monogram's cache-hit path: the same response bytes
// (a captured cache hit, head + body) written for every request, with keep-alive and
// pipelining, by (a) one epoll loop per core on one shared listener (what MonogramHTTP does),
// or (b) DispatchSource read/write sources per connection (the design the project started
// from). Parsing is reduced to finding "\r\n\r\n", the same for both, so the difference is the
// loop. Usage: eventloop epoll|dispatch PORT RESPONSE_FILE [THREADS]
import Dispatch
import Foundation
import Glibc

let arguments = CommandLine.arguments
guard arguments.count >= 4, let port = UInt16(arguments[2]), let answer = FileManager.default.contents(atPath: arguments[3]) else {
    fputs("usage: eventloop epoll|dispatch PORT RESPONSE_FILE [THREADS]\n", stderr)
    exit(64)
}
let response = [UInt8](answer)
let threads = arguments.count > 4 ? Int(arguments[4]) ?? 2 : 2
signal(SIGPIPE, SIG_IGN)

func listener(port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, 4)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    precondition(listen(fd, 1024) == 0, "listen failed")
    return fd
}

/// Per-connection protocol state shared by both loops: count complete heads, queue answers.
struct Session {
    var pending: [UInt8] = []
    var output: [UInt8] = []
    var sent = 0

    mutating func received(_ bytes: UnsafeRawBufferPointer) {
        pending.append(contentsOf: bytes)
        var start = 0
        var index = 0
        while index + 3 < pending.count {
            if pending[index] == 13, pending[index + 1] == 10, pending[index + 2] == 13, pending[index + 3] == 10 {
                output.append(contentsOf: response)
                index += 4
                start = index
            } else {
                index += 1
            }
        }
        pending.removeFirst(start)
    }

    /// Writes what it can; false when the socket failed.
    mutating func flush(_ fd: Int32) -> Bool {
        while sent < output.count {
            let n = output.withUnsafeBytes { send(fd, $0.baseAddress! + sent, output.count - sent, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n } else { return n < 0 && errno == EAGAIN }
        }
        output.removeAll(keepingCapacity: true)
        sent = 0
        return true
    }

    var blocked: Bool { sent < output.count }
}

func runEpoll(_ listenFD: Int32) -> Never {
    for _ in 0..<threads {
        Thread {
            let epoll = epoll_create1(0)
            _ = shim_epoll_ctl(epoll, EPOLL_CTL_ADD, listenFD, UInt32(EPOLLIN.rawValue) | shim_exclusive())
            var sessions: [Int32: Session] = [:]
            var fds = [Int32](repeating: 0, count: 256)
            var events = [UInt32](repeating: 0, count: 256)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
            while true {
                let count = shim_epoll_wait(epoll, &fds, &events, 256)
                for index in 0..<max(0, Int(count)) {
                    let fd = fds[index]
                    if fd == listenFD {
                        while case let client = shim_accept(listenFD), client >= 0 {
                            var on: Int32 = 1
                            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &on, 4)
                            sessions[client] = Session()
                            _ = shim_epoll_ctl(epoll, EPOLL_CTL_ADD, client, UInt32(EPOLLIN.rawValue))
                        }
                        continue
                    }
                    var session = sessions[fd]!
                    let n = read(fd, buffer.baseAddress, buffer.count)
                    if n == 0 || (n < 0 && errno != EAGAIN) {
                        sessions[fd] = nil
                        close(fd)
                        continue
                    }
                    if n > 0 { session.received(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) }
                    guard session.flush(fd) else {
                        sessions[fd] = nil
                        close(fd)
                        continue
                    }
                    let wanted = session.blocked ? UInt32(EPOLLOUT.rawValue) : UInt32(EPOLLIN.rawValue)
                    if events[index] & wanted == 0 { _ = shim_epoll_ctl(epoll, EPOLL_CTL_MOD, fd, wanted) }
                    sessions[fd] = session
                }
            }
        }.start()
    }
    while true { pause() }
}

/// One connection driven by a read source and a write source on its own serial queue.
final class DispatchConnection: @unchecked Sendable {  // confined to `queue`
    let fd: Int32
    let queue: DispatchQueue
    var session = Session()
    var readSource: (any DispatchSourceRead)?
    var writeSource: (any DispatchSourceWrite)?
    var writing = false
    static let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)

    init(fd: Int32, target: DispatchQueue) {
        self.fd = fd
        self.queue = DispatchQueue(label: "connection", target: target)
    }

    func start() {
        let read = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        read.setEventHandler { [self] in readable() }
        let write = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        write.setEventHandler { [self] in writable() }
        readSource = read
        writeSource = write
        read.resume()
    }

    func readable() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n == 0 || (n < 0 && errno != EAGAIN) { return finish() }
        if n > 0 { chunk.withUnsafeBytes { session.received(UnsafeRawBufferPointer(rebasing: $0[0..<n])) } }
        writable()
    }

    func writable() {
        guard session.flush(fd) else { return finish() }
        if session.blocked, !writing {
            writing = true
            readSource?.suspend()
            writeSource?.resume()
        } else if !session.blocked, writing {
            writing = false
            writeSource?.suspend()
            readSource?.resume()
        }
    }

    func finish() {
        readSource?.setCancelHandler { [fd] in close(fd) }
        if writing { readSource?.resume() } else { writeSource?.resume() }
        readSource?.cancel()
        writeSource?.cancel()
        readSource = nil
        writeSource = nil
    }
}

func runDispatch(_ listenFD: Int32) -> Never {
    let target = DispatchQueue(label: "connections", attributes: .concurrent)
    let accept = DispatchSource.makeReadSource(fileDescriptor: listenFD, queue: DispatchQueue(label: "accept"))
    nonisolated(unsafe) var live: [Int32: DispatchConnection] = [:]  // touched only on the accept queue
    accept.setEventHandler {
        while case let client = shim_accept(listenFD), client >= 0 {
            var on: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &on, 4)
            let connection = DispatchConnection(fd: client, target: target)
            live[client] = connection
            connection.start()
        }
    }
    accept.resume()
    dispatchMain()
}

let fd = listener(port: port)
switch arguments[1] {
case "epoll": runEpoll(fd)
default: runDispatch(fd)
}
