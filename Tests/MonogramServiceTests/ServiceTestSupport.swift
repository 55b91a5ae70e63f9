import Dispatch
import MonogramCore
import MonogramHTTP
import MonogramRender
@testable import MonogramService
import MonogramSync

/// In-process tier: a request value in, a response value out, no sockets.
enum ServiceTestSupport {
    static let packageRoot = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/")).withLeadingSlash

    static func makeService(cacheBytes: Int = 1 << 20) throws -> AvatarService {
        let renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: packageRoot + "/config/masks"))
        var configuration = Configuration()
        configuration.cache.maxBytes = cacheBytes
        configuration.render.workers = 2
        return try AvatarService(configuration: configuration, renderer: renderer, logger: Logger())
    }

    static func head(_ target: String, method: HTTPMethod = .get, headers: [(name: String, value: String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(method: method, target: target, headers: [("Host", "test")] + headers)
    }

    /// Calls the handler and waits for the answer whether it is immediate or deferred.
    static func call(_ service: any HTTPHandler, _ request: HTTPRequestHead) -> (response: HTTPResponse, note: AnswerNote) {
        let answer = Locked<(HTTPResponse, AnswerNote)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let responder = HTTPResponder { response, note in
            answer.withLock { $0 = (response, AnswerNote(note)) }
            done.signal()
        }
        switch service.handle(request, context: HTTPRequestContext(peer: "127.0.0.1"), responder: responder) {
        case .respond(let response, let note):
            return (response, AnswerNote(note))
        case .deferred:
            done.wait()
            return answer.withLock { $0! }
        }
    }
}

extension HTTPResponse {
    /// Header value from the prebuilt head bytes.
    func header(_ name: String) -> String? {
        let text = String(decoding: head, as: UTF8.self)
        for line in text.split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return String(parts[1].drop(while: { $0 == " " }))
            }
        }
        return nil
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

extension String {
    var withLeadingSlash: String { hasPrefix("/") ? self : "/" + self }
}
