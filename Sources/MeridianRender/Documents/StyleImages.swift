import Foundation
import MeridianStyle
import MeridianTiles

/// The images a style's symbols and patterns name, from the style's sprites (`Style.sprites`,
/// each read as a sprite sheet at pixel ratio 1 and, where there is an `@2x` file, 2), by the
/// names `icon-image` gives (`id:name` for a sprite whose id is not `default`).
///
/// A sprite on HTTP is fetched through the data folder's reader, as MapLibre fetches it. A sprite
/// that cannot be used draws no icons and is one line of ``warnings``: on HTTP without a reader
/// or on a server that cannot be read, not there, or bad (the reason the sheet's reader gives). Built once with the sources
/// (``MapSources``), shared by every frame.
///
/// Bounded as a whole: the sheets of a style's sprites (every sprite, at both ratios) hold at
/// most ``maxPixels`` pixels together; a sheet that would go past it is refused by its header,
/// before it is decoded, and named in ``warnings``.
public struct StyleImages {
    /// One image: its sheet and where in it.
    struct Image {
        let sheet: SpriteSheet
        let entry: SpriteSheet.Entry
        /// The sheet's identity and the image's name, for the stamp cache.
        let key: String
    }

    /// By name, at ratio 1 and 2 (the second empty when no sprite has `@2x` files).
    private var one: [String: Image] = [:], two: [String: Image] = [:]
    /// One line per sprite that draws nothing, and why.
    public private(set) var warnings: [String] = []

    /// Most pixels of a style's sprite sheets together: 16 Mi (64 MiB decoded), as much as one
    /// sheet of the largest size a sheet may have (`RasterImage.maxPixels`).
    public static let maxPixels = 1 << 24

    /// Pixels of the sheets held (at most ``maxPixels``).
    public private(set) var pixels = 0

    /// No images.
    public init() {}

    /// The images of `style`'s sprites. A relative path resolves against `Style.folder` (the
    /// working directory for a style read from memory), then against each of `folders` (the
    /// data folder's paths): `"sprite": "sprite/meridian"` names the sprite the data build makes,
    /// wherever the style file is. A sprite on HTTP(S) is fetched through `access`.
    public init(style: Style, folders: [String] = [], access: (any RemoteAccess)? = nil) {
        for sprite in style.sprites {
            let local = Self.path(of: sprite, style: style, folders: folders)
            let remote = local == nil
            let path = local ?? Self.remoteStem(sprite.url)
            if remote && access == nil {
                warnings.append(
                    "sprite \(sprite.id): \(sprite.url) is on HTTP and the data folder has no reader; its icons are not drawn"
                )
                continue
            }
            // The 1x sheet, then the `@2x` one; either alone is enough (MapLibre at pixel ratio 2
            // asks for the `@2x` files only).
            var found = false
            do throws(RenderError) {
                if let base = try SpriteSheet.read(path, pixelBudget: Self.maxPixels - pixels, access: access) {
                    Self.add(base, prefix: sprite.prefix, path: path, to: &one)
                    pixels += base.image.width * base.image.height
                    found = true
                }
            } catch {
                warnings.append("sprite \(sprite.id): \(error); its icons are not drawn")
                continue
            }
            do throws(RenderError) {
                let (stem, query) = SpriteSheet.split(path)
                let doubled = stem + "@2x" + query
                if let double = try SpriteSheet.read(doubled, pixelBudget: Self.maxPixels - pixels, access: access) {
                    Self.add(double, prefix: sprite.prefix, path: doubled, to: &two)
                    pixels += double.image.width * double.image.height
                    found = true
                }
            } catch {
                warnings.append(
                    "sprite \(sprite.id): \(error); its icons are " + (found ? "drawn from its 1x sheet" : "not drawn"))
                continue
            }
            if !found {
                warnings.append(
                    remote
                        ? "sprite \(sprite.id): \(sprite.url).json cannot be fetched (nor its @2x); its icons are not drawn"
                        : "sprite \(sprite.id): no file \(path).json (nor @2x); its icons are not drawn")
            }
        }
    }

    /// Where `sprite`'s files are, without `.json`/`.png`: a `file://` URL or a path, a relative
    /// one resolved against `Style.folder` (the working directory for a style read from memory)
    /// and then each of `folders`, the first where `PATH.json` exists (the first base when none
    /// does); nil for a sprite on HTTP(S).
    public static func path(of sprite: Style.Sprite, style: Style, folders: [String] = []) -> String? {
        let url = sprite.url
        guard !url.hasPrefix("http://"), !url.hasPrefix("https://") else { return nil }
        var path = url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url
        for ext in [".json", ".png"] where path.hasSuffix(ext) { path.removeLast(ext.count) }
        guard !path.hasPrefix("/") else { return path }
        let bases = [style.folder ?? "."] + folders
        return bases.map { $0 + "/" + path }.first { FileManager.default.fileExists(atPath: $0 + ".json") }
            ?? bases[0] + "/" + path
    }

    /// An HTTP sprite's URL without a `.json`/`.png` ending (before its query).
    static func remoteStem(_ url: String) -> String {
        var (stem, query) = SpriteSheet.split(url)
        for ext in [".json", ".png"] where stem.hasSuffix(ext) { stem.removeLast(ext.count) }
        return stem + query
    }

    private static func add(_ sheet: SpriteSheet, prefix: String, path: String, to table: inout [String: Image]) {
        for (name, entry) in sheet.entries {
            table[prefix + name] = Image(sheet: sheet, entry: entry, key: path + "\u{0}" + name)
        }
    }

    /// An image's name from a `resolvedImage` value (a name, or an object naming it, as the
    /// `image` expression gives); nil for none or an empty name.
    static func name(_ value: StyleValue?) -> String? {
        var value = value
        if case let .object(o)? = value { value = o["name"] }
        guard let name = value?.string, !name.isEmpty else { return nil }
        return name
    }

    /// Whether there are no images at all.
    public var isEmpty: Bool { one.isEmpty && two.isEmpty }

    /// The names of every image (for `image` and `coalesce` in expressions).
    public var names: Set<String> { Set(one.keys).union(two.keys) }

    /// The image named `name` for a canvas of `scale` pixels per point: the `@2x` sheet's from
    /// scale 1.5 up when it has it, else the plain sheet's (and the other way round).
    func image(_ name: String, scale: Double) -> Image? {
        scale >= 1.5 ? two[name] ?? one[name] : one[name] ?? two[name]
    }
}
