import Glibc
import Synchronization

/// The HTTP/1.1 server: one listening socket watched by one epoll loop per thread.
public final class HTTPServer: Sendable {
    public let port: Int
    public let counters = ServerCounters()
    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPHandler
    private let listener: ListeningSocket
    private let mailboxes: [LoopMailbox]
    private let clientConnections: ClientConnections?

    /// Binds now, so a bad address or a port another process holds fails before anything starts.
    /// `clientConnections`: the per-client connection limit, or nil for none.
    public init(configuration: HTTPServerConfiguration, handler: any HTTPHandler, clientConnections: ClientConnections? = nil) throws(SocketError) {
        signal(SIGPIPE, SIG_IGN)
        let loops = configuration.loops > 0 ? configuration.loops : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        listener = try ListeningSocket(host: configuration.host, port: configuration.port, sendBufferBytes: configuration.sendBufferBytes)
        port = listener.port
        mailboxes = (0..<loops).map { _ in LoopMailbox() }
        counters.prepare(loops: loops)
        self.clientConnections = clientConnections
        self.configuration = configuration
        self.handler = handler
    }

    /// Runs the loops until `shutdown` has drained them; blocks the caller.
    public func run() {
        let threads = mailboxes.indices.map { index in
            OSThread(name: "http-loop-\(index)") { [listener, mailboxes, configuration, handler, counters, clientConnections] in
                let loop = EventLoop(
                    listener: listener, index: index, peers: mailboxes, handler: handler, configuration: configuration, shared: counters,
                    clientConnections: clientConnections)
                loop.run()
            }
        }
        for thread in threads { thread.join() }
    }

    /// Graceful shutdown. From now on handlers see `context.draining` (so `/healthz` says
    /// 503); for `delay` the listener stays open and requests are served as usual, so load
    /// balancers take the instance out first. Then it stops accepting, closes idle
    /// connections, answers what is in flight or arriving (with `Connection: close`), and
    /// hard-closes whatever remains `grace` later.
    public func shutdown(grace: Duration, delay: Duration = .zero) {
        counters.draining.store(true, ordering: .relaxed)
        let start = LoopInstant.now.advanced(by: max(delay, .zero))
        let deadline = start.advanced(by: max(grace, .zero))
        for mailbox in mailboxes { mailbox.post(.drain(start: start, deadline: deadline)) }
    }

    /// `shutdown` with times in seconds.
    public func shutdown(grace: Double, delay: Double = 0) {
        shutdown(grace: .seconds(grace), delay: .seconds(delay))
    }
}
