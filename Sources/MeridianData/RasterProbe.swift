import Foundation

/// What GDAL says of a raster file (`gdalinfo -json`), checked before anything is warped: its
/// size, bands, georeference and ground, and so what it becomes on import (imagery or elevation).
struct RasterProbe {
    /// One band: GDAL's data type (`Byte`, `Int16`, `Float32`…), colour interpretation (`Red`,
    /// `Alpha`, `Palette`, `Gray`…), no-data value and unit (`m`, `metre`, `ft`…) where declared.
    struct Band {
        var type: String
        var color: String
        var noData: Double?
        var unit: String?
    }

    /// GDAL's name for the file's format (`GTiff`, `JP2OpenJPEG`, `VRT`…).
    var driver: String
    var width: Int
    var height: Int
    var bands: [Band]
    /// The file's ground in degrees (west, south, east, north), from GDAL's WGS 84 extent.
    var bounds: (west: Double, south: Double, east: Double, north: Double)

    /// Most pixels a raster may claim (1 Gi, e.g. 32768 × 32768): past it the claim is refused
    /// before anything is warped (a hostile header claims 100 000 × 100 000 in a few bytes).
    static let maxPixels = 1 << 30

    /// The data types of a band of heights.
    static let heightTypes: Set<String> = ["Int16", "UInt16", "Int32", "UInt32", "Float32", "Float64"]

    /// Reads and checks `file` with `gdalinfo -json`; errors name `path`, the file as the user named it.
    /// - Throws: ``DataError/unrecognised(path:reason:)`` when GDAL cannot read it as a raster;
    ///   ``DataError/unsupported(path:reason:)`` naming the file when it has no georeference, it claims more than ``maxPixels`` or no pixels, or
    ///   GDAL's answer cannot be read; ``DataError/tool(name:reason:output:)`` when gdalinfo is missing.
    static func probe(_ file: String, shown path: String) throws(DataError) -> RasterProbe {
        let text: String
        do { text = try ToolRunner.run("gdalinfo", ["-json", "-nomd", "-norat", "-noct", file]).text } catch {
            if case .tool(_, let reason, let output) = error, !reason.hasPrefix("is not installed") {
                let said = output.split(separator: "\n").last.map(String.init) ?? reason
                throw .unrecognised(path: path, reason: "GDAL: \(said)")
            }
            throw error
        }
        guard let json = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
            let size = json["size"] as? [Int], size.count == 2
        else { throw .unsupported(path: path, reason: "GDAL describes no raster in it") }
        let (width, height) = (size[0], size[1])
        guard width > 0, height > 0 else { throw .unsupported(path: path, reason: "it has no pixels") }
        guard width <= maxPixels / height else {
            throw .unsupported(
                path: path,
                reason: "it claims \(width) × \(height) pixels, more than the \(maxPixels) an import takes")
        }
        let wkt = (json["coordinateSystem"] as? [String: Any])?["wkt"] as? String ?? ""
        guard !wkt.isEmpty, json["geoTransform"] != nil,
            let ring = ((json["wgs84Extent"] as? [String: Any])?["coordinates"] as? [[[Double]]])?.first,
            ring.count >= 4
        else {
            throw .unsupported(
                path: path,
                reason:
                    "it has no georeference (no coordinate system or geotransform): give it one first, e.g. gdal_translate -a_srs EPSG:… -a_ullr …"
            )
        }
        let lngs = ring.map { $0[0] }
        let lats = ring.map { $0[1] }
        guard let west = lngs.min(), let east = lngs.max(), let south = lats.min(), let north = lats.max(),
            [west, east, south, north].allSatisfy(\.isFinite), west < east, south < north
        else { throw .unsupported(path: path, reason: "its ground in degrees is empty or not finite") }
        let bands = ((json["bands"] as? [[String: Any]]) ?? []).map { b in
            Band(
                type: b["type"] as? String ?? "", color: b["colorInterpretation"] as? String ?? "",
                noData: (b["noDataValue"] as? Double) ?? (b["noDataValue"] as? Int).map(Double.init),
                unit: b["unit"] as? String)
        }
        guard !bands.isEmpty else { throw .unsupported(path: path, reason: "it has no bands") }
        return RasterProbe(
            driver: json["driverShortName"] as? String ?? "", width: width, height: height, bands: bands,
            bounds: (max(-180, west), max(-85.05112878, south), min(180, east), min(85.05112878, north)))
    }

    /// Whether it holds heights: one band of a height type (16/32-bit integers or floats), or
    /// one band with a unit of length.
    var isElevation: Bool {
        bands.count == 1 && (Self.heightTypes.contains(bands[0].type) || metresPerUnit != nil)
    }

    /// Metres per unit of the first band's heights: 1 for metres (and no unit), 0.3048 for feet,
    /// 1200 / 3937 for US survey feet; nil for a unit that is not a length.
    var metresPerUnit: Double? {
        switch (bands.first?.unit ?? "").lowercased().trimmingCharacters(in: .whitespaces) {
        case "", "m", "metre", "metres", "meter", "meters": 1
        case "ft", "foot", "feet", "international foot": 0.3048
        case "us-ft", "ftus", "us survey foot", "us_survey_foot", "foot_us": 1200.0 / 3937
        default: nil
        }
    }

    /// Whether its pixels are 8-bit colours (imagery GDAL warps as it is): Byte bands only.
    var isEightBit: Bool { bands.allSatisfy { $0.type == "Byte" } }

    /// Whether it has a band GDAL takes as alpha (then no alpha band is added on warping).
    var hasAlpha: Bool { bands.contains { $0.color == "Alpha" } }

    /// Whether its one band indexes a colour table (expanded to RGBA before warping).
    var isPalette: Bool { bands.count == 1 && bands[0].color == "Palette" }
}
