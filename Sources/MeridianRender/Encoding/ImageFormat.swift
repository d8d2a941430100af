/// The encodings a drawn image can be delivered in, as map services offer them: PNG (lossless,
/// the default), JPEG and WebP (lossy, at ``stillQuality``; a third to a half of the PNG's bytes
/// on map frames, BENCHMARKS.md).
public enum ImageFormat: String, CaseIterable, Hashable, Sendable {
    case png, jpeg, webp

    /// The quality lossy formats are encoded at when the camera is at rest (libjpeg's and
    /// libwebp's 0–100 scales).
    public static let stillQuality = 85

    /// The HTTP media type.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }

    /// The file extension used in tile URLs (`jpg` for JPEG, as XYZ services spell it).
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }

    /// The format a name stands for: `png` (and Google Static Maps' `png8`, `png32`), `jpg`,
    /// `jpeg` (and `jpg-baseline`), `webp`; nil for any other (`gif` is not offered).
    public init?(named name: String) {
        switch name.lowercased() {
        case "png", "png8", "png32": self = .png
        case "jpg", "jpeg", "jpg-baseline": self = .jpeg
        case "webp": self = .webp
        default: return nil
        }
    }
}
