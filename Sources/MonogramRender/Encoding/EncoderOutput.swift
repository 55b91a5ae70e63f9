internal import CEncoders

/// The one place a CEncoders status becomes a `RenderError`, and a C buffer becomes bytes.
package enum EncoderOutput {
    /// Copies `size` bytes out of a buffer from CEncoders and frees it; any status but OK (or a
    /// missing buffer) is an `.encoding` error naming the codec and the library's own code.
    package static func take(_ status: Int32, _ buffer: UnsafeMutablePointer<UInt8>?, _ size: Int, codec: String, detail: Int32) throws(RenderError) -> [UInt8] {
        defer { monogram_free(buffer) }
        guard status == Int32(MONOGRAM_ENCODE_OK), let buffer else {
            let reason = switch status {
            case Int32(MONOGRAM_ENCODE_BAD_ARGUMENT): "bad argument"
            case Int32(MONOGRAM_ENCODE_OUT_OF_MEMORY): "out of memory"
            default: "library error \(detail)"
            }
            throw RenderError(kind: .encoding, message: "\(codec) failed: \(reason)")
        }
        return [UInt8](UnsafeBufferPointer(start: buffer, count: size))
    }
}
