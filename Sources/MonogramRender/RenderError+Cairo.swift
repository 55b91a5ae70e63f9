internal import CPangoCairo

extension RenderError {
    /// The one place a cairo status becomes a Swift error.
    static func check(_ status: cairo_status_t, _ what: StaticString) throws(RenderError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let reason = String(cString: cairo_status_to_string(status))
        throw RenderError(kind: .drawing, message: "\(what): \(reason)")
    }
}
