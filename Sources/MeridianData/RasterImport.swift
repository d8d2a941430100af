import Foundation
import MeridianCamera
import MeridianRender
import MeridianTiles

/// What a user chooses for a raster import (`meridian data import FILE.tif`); nil members are
/// decided from the file.
public struct RasterImportOptions: Sendable {
    /// True: an elevation model; false: imagery; nil: elevation for one band of heights (16- or
    /// 32-bit integers or floats, or a unit of length), else imagery.
    public var elevation: Bool?
    /// How heights are packed into pixels (Terrarium by default).
    public var encoding: ElevationEncoding
    /// Imagery tiles' format: lossy WebP at quality 90 by default, or PNG (elevation tiles are
    /// always PNG, lossless).
    public var imageFormat: TileImageEncoder.Format
    /// The tileset's file format: `pmtiles` when true, else `mbtiles` (the default).
    public var pmtiles: Bool
    /// The credit line written into the tileset's metadata (the renderer's credit line and the
    /// served TileJSON take it from there); none when nil.
    public var attribution: String?
    /// Pixels on a tile's side: 256 (the default) or 512 (MapLibre's raster default: a quarter of
    /// the tiles, each zoom one less for the same detail).
    public var tileSize: Int

    /// - Parameters:
    ///   - elevation: true for an elevation model, false for imagery, nil to decide from the file.
    ///   - encoding: how heights are packed into pixels.
    ///   - imageFormat: imagery tiles' format.
    ///   - pmtiles: a PMTiles archive when true, else MBTiles.
    ///   - attribution: the credit line, or none.
    ///   - tileSize: 256 or 512; any other value is refused when the import starts.
    public init(
        elevation: Bool? = nil, encoding: ElevationEncoding = .terrarium,
        imageFormat: TileImageEncoder.Format = .webp(quality: 90), pmtiles: Bool = false, attribution: String? = nil,
        tileSize: Int = 256
    ) {
        (self.elevation, self.encoding, self.imageFormat, self.pmtiles, self.attribution, self.tileSize) =
            (elevation, encoding, imageFormat, pmtiles, attribution, tileSize)
    }
}

/// Imports a raster GDAL reads (GeoTIFF, Cloud Optimised GeoTIFF, JPEG 2000, VRT…, in any
/// projection) as a raster tileset: imagery, or an elevation model when it is one band of heights.
///
/// GDAL does all the warping: for each zoom, from the deepest (the one whose pixel is nearest the
/// image's own, as GDAL suggests it in Web Mercator) up to the one where the whole image is about
/// one tile, `gdalwarp` resamples the image straight from the file onto that zoom's tile grid
/// (bilinear at the deepest zoom, averaged above it), in blocks of at most 16 × 16 tiles, into raw
/// pixels. Meridian cuts them into 256- or 512-pixel tiles and encodes them: imagery as WebP (quality 90,
/// the default) or PNG, with no-data transparent; heights as lossless PNG in the Terrarium (the
/// default) or Mapbox Terrain-RGB encoding, with no-data at sea level (0 m: MapLibre reads no
/// alpha in elevation tiles) and heights in feet converted to metres. Tiles with nothing in them
/// are left out.
struct RasterImport {
    let work: String
    let options: RasterImportOptions
    let progress: (String) -> Void

    /// Tiles on a side of one block warped at once: 4096 pixels (16 × 16 tiles of 256 pixels, 8 × 8
    /// of 512), 64 MiB of heights or RGBA.
    static func blockSide(_ tileSize: Int) -> Int { 4096 / tileSize }

    /// Builds the tileset of `source` at `output` (`.mbtiles` or `.pmtiles`, by its extension).
    /// - Returns: whether it is an elevation model.
    /// - Throws: ``DataError`` naming `shown` (the file the user named) when GDAL cannot read or
    ///   warp it, it has no georeference, its size is past ``RasterProbe/maxPixels``, its bands
    ///   are none Meridian draws, or it covers no tile.
    func build(_ source: String, shown: String, into output: String) throws(DataError) -> Bool {
        guard RasterGrid.tileSizes.contains(options.tileSize) else {
            throw .unsupported(path: shown, reason: "tiles of \(options.tileSize) pixels: 256 or 512 are made")
        }
        let probe = try RasterProbe.probe(source, shown: shown)
        let elevation = options.elevation ?? probe.isElevation
        var input = source
        if elevation {
            guard probe.bands.count == 1, probe.metresPerUnit != nil else {
                throw .unsupported(
                    path: shown,
                    reason:
                        "an elevation model is one band of heights in metres or feet; this has \(probe.bands.count) band(s), unit \(probe.bands.first?.unit ?? "none")"
                )
            }
        } else {
            guard probe.isEightBit else {
                throw .unsupported(
                    path: shown,
                    reason:
                        "its bands are \(Set(probe.bands.map(\.type)).sorted().joined(separator: ", ")), not 8-bit colours: scale it first (gdal_translate -ot Byte -scale …), or import one band of heights as elevation (--kind elevation)"
                )
            }
            if probe.isPalette {
                input = work + "/expanded.vrt"
                try warpTool("gdal_translate", ["-q", "-of", "VRT", "-expand", "rgba", source, input], shown: shown)
            } else if ![1, 3].contains(probe.bands.count) && !(probe.hasAlpha && [2, 4].contains(probe.bands.count)) {
                throw .unsupported(
                    path: shown,
                    reason:
                        "imagery is 1 band (grey), 3 (red, green, blue), either with an alpha band, or a colour table; this has \(probe.bands.count) bands"
                )
            }
        }
        // An alpha band is added unless the file has one (a colour table expands to RGBA, alpha included).
        let addAlpha = !elevation && !probe.hasAlpha && !probe.isPalette
        let (extent, pixel) = try suggestedWarp(input, shown: shown)
        let size = options.tileSize
        let deepest = RasterGrid.zoom(forPixelSize: pixel, tileSize: size)
        let top = RasterGrid.minZoom(for: extent, maxZoom: deepest)
        let writer = try RasterTilesetWriter(path: output)
        // What no-data heights settle to away from the model: the mean height of its coarsest zoom.
        let level =
            elevation
            ? try meanHeight(input, RasterGrid.block(covering: extent, zoom: top, tileSize: size), shown: shown) : nil
        for zoom in (top...deepest).reversed() {
            let block = RasterGrid.block(covering: extent, zoom: zoom, tileSize: size)
            progress("warping zoom \(zoom): \(block.count) tiles")
            for piece in RasterGrid.pieces(of: block, side: Self.blockSide(size)) {
                let resampling = zoom == deepest ? "bilinear" : "average"
                let tiles: [(TileID, [UInt8])]
                if elevation {
                    tiles = try heightTiles(
                        try warp(input, piece, resampling, alpha: nil, shown: shown), piece,
                        metres: probe.metresPerUnit ?? 1, level: level)
                } else {
                    tiles = try imageTiles(try warp(input, piece, resampling, alpha: addAlpha, shown: shown), piece)
                }
                for (id, bytes) in tiles { try writer.add(id, bytes) }
            }
        }
        guard writer.count > 0 else {
            throw .unsupported(path: shown, reason: "it has no pixels with data (all no-data, or outside the world)")
        }
        let b = probe.bounds
        var metadata: [(String, String)] = [
            ("name", ((shown as NSString).lastPathComponent as NSString).deletingPathExtension),
            ("type", elevation ? "overlay" : "baselayer"),
            ("format", elevation || options.imageFormat == .png ? "png" : "webp"),
            ("bounds", "\(b.west),\(b.south),\(b.east),\(b.north)"),
            ("center", "\((b.west + b.east) / 2),\((b.south + b.north) / 2),\(deepest)"),
            ("minzoom", "\(top)"), ("maxzoom", "\(deepest)"),
            ("description", "\((shown as NSString).lastPathComponent) (\(probe.driver)), warped by GDAL"),
        ]
        if elevation { metadata.append(("encoding", options.encoding.rawValue)) }
        metadata.append((TilesetInfo.tileSizeKey, "\(size)"))
        if let credit = options.attribution { metadata.append(("attribution", credit)) }
        try writer.finish(metadata: metadata, bounds: b)
        return elevation
    }

    /// GDAL's suggested Web Mercator output for the whole image (`gdalwarp -of VRT`): its extent
    /// (clamped to the world) and its pixel size in metres.
    func suggestedWarp(_ input: String, shown: String) throws(DataError) -> (RasterGrid.Extent, Double) {
        let vrt = work + "/suggested.vrt"
        try warpTool("gdalwarp", ["-q", "-overwrite", "-of", "VRT", "-t_srs", "EPSG:3857", input, vrt], shown: shown)
        let text = (try? ToolRunner.run("gdalinfo", ["-json", vrt]).text) ?? ""
        guard let json = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
            let t = json["geoTransform"] as? [Double], t.count == 6, let size = json["size"] as? [Int], size.count == 2,
            t[1] > 0, t[5] < 0
        else { throw .unsupported(path: shown, reason: "GDAL could not place it on the Web Mercator plane") }
        let e = RasterGrid.edge
        let extent = RasterGrid.Extent(
            minX: max(-e, t[0]), minY: max(-e, t[3] + t[5] * Double(size[1])),
            maxX: min(e, t[0] + t[1] * Double(size[0])), maxY: min(e, t[3]))
        guard extent.minX < extent.maxX, extent.minY < extent.maxY else {
            throw .unsupported(path: shown, reason: "it lies outside the Web Mercator world")
        }
        return (extent, t[1])
    }

    /// Warps `piece` of the image into raw pixels (ENVI: 32-bit float heights, NaN where there is
    /// no data, when `alpha` is nil; or 8-bit bands interleaved by pixel, with an alpha band added
    /// when `alpha` is true) and returns them with their band count.
    func warp(
        _ input: String, _ piece: RasterGrid.Block, _ resampling: String, alpha: Bool?, shown: String
    ) throws(DataError) -> (bytes: [UInt8], bands: Int) {
        let elevation = alpha == nil
        let raw = work + "/block.raw"
        let e = piece.extent
        let (w, h) = piece.pixels
        var arguments = [
            "-q", "-overwrite", "-t_srs", "EPSG:3857", "-te", "\(e.minX)", "\(e.minY)", "\(e.maxX)", "\(e.maxY)",
            "-ts", "\(w)", "\(h)", "-r", resampling, "-of", "ENVI", "-wo", "NUM_THREADS=2",
        ]
        arguments += elevation ? ["-ot", "Float32", "-dstnodata", "nan"] : ["-ot", "Byte", "-co", "INTERLEAVE=BIP"]
        if alpha == true { arguments.append("-dstalpha") }
        try warpTool("gdalwarp", arguments + [input, raw], shown: shown)
        let header = (try? String(contentsOfFile: work + "/block.hdr", encoding: .utf8)) ?? ""
        let bands =
            header.split(separator: "\n").first { $0.hasPrefix("bands") }.flatMap {
                Int($0.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) ?? "")
            } ?? 0
        guard let data = FileManager.default.contents(atPath: raw),
            data.count == w * h * (elevation ? 4 : bands), bands >= 1
        else { throw .unsupported(path: shown, reason: "GDAL's warp of zoom \(piece.zoom) came out short") }
        return ([UInt8](data), bands)
    }

    /// Runs a GDAL program on the image; its failure is the file's (a truncated or corrupt file
    /// fails here), told with what GDAL said.
    func warpTool(_ tool: String, _ arguments: [String], shown: String) throws(DataError) {
        do { try ToolRunner.run(tool, arguments) } catch {
            if case .tool(_, let reason, let output) = error, !reason.hasPrefix("is not installed") {
                let said = output.split(separator: "\n").suffix(2).joined(separator: " ")
                throw .unsupported(path: shown, reason: "GDAL could not read its pixels (\(tool): \(said))")
            }
            throw error
        }
    }
}
