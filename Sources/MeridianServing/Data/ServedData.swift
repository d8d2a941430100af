import MeridianCamera
import MeridianRender
import MeridianStyle
import MeridianTiles

/// What a server (or a pyramid job) serves, found once when it starts: the data folder, the style
/// of each map type (or one given style for all), what the folder holds for them, and what loading
/// left out. A value: made by its loader (``init(folder:style:)``), read by everything after.
///
/// Knows no dataset: every source comes from the styles, opened by `MapSources`.
public struct ServedData: Sendable {
    /// Where in a data folder the sprite served beside the dot is (`/sprite`): the data build's.
    public static let spritePath = "sprite/meridian"

    public let folder: DataFolder
    /// The style of each map type: the shipped ones, or the given style for every type.
    public let styles: [MapType: Style]
    /// The style given to `serve --style`, which `/style.json` serves; nil for the shipped styles.
    public let customStyle: Style?
    /// The sprite `/sprite` serves beside the dot, without `.json`/`.png`: a given style's first
    /// local sprite (`StyleImages.path(of:style:folders:)`), none for a given style without one
    /// (the dot alone), the data build's for the shipped styles.
    public let spriteFile: String?
    /// The GeoJSON a given style's sources read from files, by source name, which `/style.json`
    /// gives the browser inline.
    public let geojsonFiles: [String: StyleValue]
    /// The folder's VERSION stamp (part of every data stamp); "0" when the folder has none.
    public let dataVersion: String
    /// Whether some data is read from an HTTP server (the folder's, or a style source's), which
    /// may change under the service: what is drawn from it is then keyed by its versions.
    public let readsHTTP: Bool
    /// What loading left out, one line each: what a given style leaves out (grouped by
    /// property, `StyleWarning.summary`), then sources of the styles with no data in the folder
    /// (they draw nothing).
    public let warnings: [String]
    /// The vector sources of the normal style, with what their tilesets declare (zooms, attribution).
    public let vectorSources: [String: VectorSourceInfo]
    /// The folder's raster tilesets (imagery, elevation), served as stored.
    public let storedRasters: [String: StoredRaster]
    /// The vector source holding the most detailed tileset (as for ``home``); nil without one.
    public let primarySource: String?
    /// Where a viewer starts: a given style's own camera (`Style.camera`), else the most detailed
    /// vector tileset of the normal style (highest last zoom, then the smallest bounds: a city
    /// before a region): its declared centre, else its bounds fitted to 800 × 600 points, at zoom
    /// 2–15; the whole world (zoom 2 at 20° N, 0°) without one.
    public let home: CameraPosition
    /// The sources of each map type's style that had data when the service started: a drawing
    /// that opens the folder later and misses one is ``ServingError/unavailable(_:)``.
    public let found: [MapType: Set<String>]
}
