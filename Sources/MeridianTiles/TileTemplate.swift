import Foundation
import MeridianCamera

/// An XYZ tile URL or path template (`…/{z}/{x}/{y}.pbf`) as a TileJSON's `tiles` gives it: what
/// ``TileFolder`` and MeridianRemote's `RemoteTiles` read tiles by.
public struct TileTemplate: Sendable {
    /// The template as written.
    public let text: String
    /// Whether rows count from the south (`scheme: "tms"`).
    public let isTMS: Bool
    /// The TileJSON's zooms, bounds and credits, and ``content``.
    public private(set) var info: TilesetInfo

    /// A template without `{z}`, `{x}` or `{y}` names the same tile for every id (one file or URL
    /// fetched for each tile of the view), as MapLibre fetches it.
    public init(_ text: String, described: TileJSONFile) {
        (self.text, isTMS, info) = (text, described.isTMS, described.info)
        info.content = content
    }

    /// What the template's extension says the tiles are (before any `?query`): `pbf` and `mvt`
    /// vector, `png`, `jpg`/`jpeg`, `webp`; unknown otherwise.
    public var content: TilesetInfo.Content {
        let file = String(text.split(separator: "?", omittingEmptySubsequences: false)[0])
        return switch (file as NSString).pathExtension.lowercased() {
        case "pbf", "mvt": .vector
        case "png": .png
        case "jpg", "jpeg": .jpeg
        case "webp": .webp
        default: .unknown
        }
    }

    /// The template filled in for `tile` (its row counted from the south for TMS).
    public func filled(_ tile: TileID) -> String {
        let row = isTMS ? (1 << tile.z) - 1 - tile.y : tile.y
        return text.replacingOccurrences(of: "{z}", with: String(tile.z))
            .replacingOccurrences(of: "{x}", with: String(tile.x)).replacingOccurrences(of: "{y}", with: String(row))
    }
}
