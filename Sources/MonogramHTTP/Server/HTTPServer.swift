import Glibc
import Synchronization

/// The HTTP/1.1 server: one listener and one epoll loop per thread, all on the same port.
public final class HTTPServer: Sendable {
    public let port: Int
    public let counters = ServerCounters()
    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPHandler
    private let listeners: [ListeningSocket]
    private let mailboxes: [LoopMailbox]

    /// Binds every listener now, so a bad address fails before anything starts.
    public init(configuration: HTTPServerConfiguration, handler: any HTTPHandler) throws(SocketError) {
        signal(SIGPIPE, SIG_IGN)
        let loops = configuration.loops > 0 ? configuration.loops : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        var listeners: [ListeningSocket] = []
        let first = try ListeningSocket(host: configuration.host, port: configuration.port)
        listeners.append(first)
        for _ in 1..<loops {
            listeners.append(try ListeningSocket(host: configuration.host, port: first.port))
        }
        self.port = first.port
        self.listeners = listeners
        self.mailboxes = listeners.map { _ in LoopMailbox() }
        self.configuration = configuration
        self.handler = handler
    }

    /// Runs the loops until `shutdown` has drained them; blocks the caller.
    public func run() {
        let threads = zip(listeners, mailboxes).enumerated().map { index, pair in
            let (listener, mailbox) = pair
            return OSThread(name: "http-loop-\(index)") { [configuration, handler, counters] in
                let loop = EventLoop(listener: listener, mailbox: mailbox, handler: handler, configuration: configuration, counters: counters)
                loop.run()
            }
        }
        for thread in threads { thread.join() }
    }

    /// Stops accepting, closes idle connections, lets in-flight requests finish (their
    /// responses say `Connection: close`), and hard-closes whatever remains after `grace` seconds.
    public func shutdown(grace: Double) {
        let deadline = monotonicNanoseconds() + UInt64(max(grace, 0) * 1e9)
        for mailbox in mailboxes { mailbox.post(.drain(deadline: deadline)) }
    }
}
