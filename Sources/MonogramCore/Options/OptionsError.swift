/// A query parameter that is missing its form or range; always answered with 400.
public struct OptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter at fault, as spelled in the query (`size`, `bg`, …).
    public var parameter: String
    /// One line naming the parameter and what it accepts, e.g.
    /// `size must be an integer from 16 to 1024`.
    public var message: String

    public init(parameter: String, message: String) {
        self.parameter = parameter
        self.message = message
    }

    public var description: String { message }
}
