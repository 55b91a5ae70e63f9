extension Shape {
    /// The `shape` parameter value that selects this shape.
    public var name: String {
        switch self {
        case .square: "square"
        case .circle: "circle"
        case .rounded: "rounded"
        case .mask(let name): name
        }
    }
}
