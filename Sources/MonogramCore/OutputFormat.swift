/// What an avatar answer is encoded as.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case png, svg, json

    public var contentType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .json: "application/json"
        }
    }
}
