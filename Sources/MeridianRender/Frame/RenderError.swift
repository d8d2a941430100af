/// What went wrong drawing or encoding an image.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Size or scale outside what the renderer draws (the message says which).
    case invalidSize(String)
    /// Cairo reported an error (its message).
    case cairo(String)
    /// An image encoder (ISA-L for PNG, libjpeg, libwebp) failed (its message).
    case encoding(String)
    /// An image (a raster tile, a sprite sheet) that cannot be decoded or is refused (which, and why).
    case badImage(String)
    /// The drawing passed its ``MapRenderer/deadline`` and was abandoned (where it stopped).
    case deadlinePassed(String)

    public var description: String {
        switch self {
        case let .invalidSize(why): return "cannot draw an image of that size: \(why)"
        case let .cairo(why): return "drawing failed: \(why)"
        case let .encoding(why): return "encoding the image failed: \(why)"
        case let .badImage(why): return "bad image: \(why)"
        case let .deadlinePassed(stage): return "the drawing passed its deadline (\(stage)) and was abandoned"
        }
    }
}
