/// The image formats pictures may be in, told by their first bytes: the origin's
/// `Content-Type` is often wrong (`application/octet-stream`, `text/plain`) and never trusted.
public enum PictureFormat: String, Sendable, Hashable {
    case png, jpeg, webp

    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}
