/// A piece of text (a CLI argument, later a query parameter) that could not be read as the
/// value it should name. The message says what was expected and what was found.
public struct TextError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
