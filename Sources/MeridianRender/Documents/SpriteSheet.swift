import Foundation
import MeridianTiles

/// One sprite read: its image (`NAME.png`, or `NAME@2x.png`) and its index (`NAME.json`), as
/// MapLibre reads a style's sprite.
///
/// The index maps image names to rectangles of the image: `x`, `y`, `width`, `height` in the
/// image's pixels, `pixelRatio` (pixels per point; 1 when left out) and `sdf` (a signed distance
/// field in the alpha channel, tinted by `icon-color`); `content`, `stretchX`, `stretchY`,
/// `textFitWidth` and `textFitHeight` say how `icon-text-fit` stretches it (``SpriteStretch``).
///
/// Bad input is refused whole, naming the file: an index that is not a JSON object of such
/// entries, a rectangle not inside the image, a pixel ratio outside (0, 8], a bad stretch
/// (``SpriteStretch``), more than
/// ``maxImages`` images, an index over ``maxIndexBytes``, or an image `RasterImage` refuses
/// (not a PNG, or claiming more than its bound of pixels).
struct SpriteSheet {
    /// One image of the sheet.
    struct Entry: Hashable, Sendable {
        let x: Int, y: Int, width: Int, height: Int
        /// Pixels per point, in (0, 8].
        let pixelRatio: Double
        let sdf: Bool
        /// How `icon-text-fit` stretches it; nil when the index gives none of it.
        var stretch: SpriteStretch? = nil
    }

    let image: RasterImage
    /// By the names of the sprite's index.
    let entries: [String: Entry]

    static let maxImages = 10_000
    static let maxIndexBytes = 4 << 20
    static let maxImageBytes = 64 << 20

    /// A sheet from its index's JSON bytes and its PNG bytes; `name` says which file in errors.
    /// - Throws: ``RenderError/badImage(_:)`` naming `name` and what is wrong.
    init(json: Data, png: [UInt8], name: String) throws(RenderError) {
        guard json.count <= Self.maxIndexBytes else {
            throw .badImage("sprite \(name).json is over \(Self.maxIndexBytes >> 20) MiB")
        }
        image = try RasterImage(png: png, named: "sprite \(name).png")
        guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            throw .badImage("sprite \(name).json is not a JSON object")
        }
        guard object.count <= Self.maxImages else {
            throw .badImage("sprite \(name).json has more than \(Self.maxImages) images")
        }
        var entries: [String: Entry] = [:]
        for (key, value) in object {
            guard let e = value as? [String: Any] else {
                throw .badImage("sprite \(name).json: image \"\(key)\" is not an object")
            }
            func whole(_ field: String) throws(RenderError) -> Int {
                guard let n = (e[field] as? NSNumber)?.doubleValue, n.isFinite, n >= 0, n <= 1e6, n == n.rounded()
                else {
                    throw .badImage("sprite \(name).json: image \"\(key)\": \(field) must be a whole number ≥ 0")
                }
                return Int(n)
            }
            let (x, y, width, height) = (try whole("x"), try whole("y"), try whole("width"), try whole("height"))
            guard width > 0, height > 0, x + width <= image.width, y + height <= image.height else {
                throw .badImage(
                    "sprite \(name).json: image \"\(key)\" (\(x), \(y), \(width) × \(height)) is not inside the \(image.width) × \(image.height) image"
                )
            }
            let ratio = e["pixelRatio"] == nil ? 1 : (e["pixelRatio"] as? NSNumber)?.doubleValue ?? .nan
            guard ratio > 0, ratio <= 8 else {
                throw .badImage("sprite \(name).json: image \"\(key)\": pixelRatio must be in (0, 8]")
            }
            let sdf = (e["sdf"] as? Bool) ?? false
            let stretch: SpriteStretch?
            do {
                stretch = try SpriteStretch(e, width: width, height: height)
            } catch {
                throw .badImage("sprite \(name).json: image \"\(key)\": \(error.field) is not as MapLibre reads it")
            }
            entries[key] = Entry(
                x: x, y: y, width: width, height: height, pixelRatio: ratio, sdf: sdf, stretch: stretch)
        }
        self.entries = entries
    }

    /// The sheet at `path` + `.json` and `.png` (before a `?query`, as MapLibre names a sprite's
    /// files): a local path, or an `http(s)://` URL fetched through `access` (a data folder's
    /// reader); nil when the index is not there (a missing file, a server that answers no index,
    /// or an HTTP sprite without `access`).
    /// - Throws: ``RenderError/badImage(_:)`` when a file is there but unreadable, too large or
    ///   bad (``init(json:png:name:)``), the image is missing beside its index, or it has more
    ///   than `pixelBudget` pixels (checked by its header, before it is decoded).
    static func read(
        _ path: String, pixelBudget: Int = RasterImage.maxPixels, access: (any RemoteAccess)? = nil
    ) throws(RenderError) -> SpriteSheet? {
        let remote = path.hasPrefix("http://") || path.hasPrefix("https://")
        let (stem, query) = Self.split(path)
        func bytes(_ ext: String, limit: Int) throws(RenderError) -> Data? {
            let file = stem + ext + query
            if remote {
                guard let access else { return nil }
                return try? Data(access.document(file, maxBytes: limit))
            }
            guard FileManager.default.fileExists(atPath: file) else { return nil }
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue
            guard let size else { throw .badImage("sprite \(file) cannot be read") }
            guard size <= limit else { throw .badImage("sprite \(file) is over \(limit >> 20) MiB") }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .badImage("sprite \(file) cannot be read")
            }
            return data
        }
        guard let json = try bytes(".json", limit: maxIndexBytes) else { return nil }
        guard let image = try bytes(".png", limit: maxImageBytes) else {
            throw .badImage("sprite \(stem).png cannot be read beside its index")
        }
        let png = [UInt8](image)
        // Every PNG Cairo decodes has this header; sides past RasterImage's bound are its refusal
        // (and their product could overflow).
        if let (w, h) = RasterImage.pngSize(png), w <= RasterImage.maxSide, h <= RasterImage.maxSide,
            w * h > pixelBudget
        {
            throw .badImage(
                "sprite \(stem).png: its \(w) × \(h) pixels would take the style's sprites past \(StyleImages.maxPixels) pixels (\(StyleImages.maxPixels >> 18) MiB decoded)"
            )
        }
        return try SpriteSheet(json: json, png: png, name: stem)
    }

    /// A sprite's name split before its query (`?…`, kept with its `?`; empty when none).
    static func split(_ path: String) -> (stem: String, query: String) {
        guard let mark = path.firstIndex(of: "?") else { return (path, "") }
        return (String(path[..<mark]), String(path[mark...]))
    }
}
