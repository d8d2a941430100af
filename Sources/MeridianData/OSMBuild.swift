import Foundation

/// Builds an OpenMapTiles-schema MBTiles from an OpenStreetMap extract with Debian's tools:
///
/// 1. `osmium fileinfo`: the extract's box (its header's, else its data's);
/// 2. `osmium check-refs`: do its ways name nodes it does not hold? Extracts cut with
///    complete ways do not; others (the Helsinki sample) do, and tilemaker aborts on them;
/// 3. if so, ``OPLTrim`` cuts those ways to what is there (`osmium cat` to OPL and back);
/// 4. `tilemaker` with the OpenMapTiles configuration and profile that its package ships
///    (`/usr/share/doc/tilemaker/examples`), less the layers that need shapefiles (ocean,
///    glaciers, urban areas), and with the profile writing OSM's `name` beside `name:latin`;
/// 5. each tile's features in a fixed order (``TileReorder``: tilemaker's differs from run to
///    run, and labels tie on it), and the metadata a client needs: name, attribution, centre,
///    `type=baselayer`.
struct OSMBuild {
    /// Where tilemaker's package keeps its OpenMapTiles configuration and profile.
    static let examples = "/usr/share/doc/tilemaker/examples"
    let work: String
    let progress: (String) -> Void
    /// A bound on each OpenStreetMap text file of step 3 (bytes) in place of ``textBound(extractBytes:freeBytes:)``'s.
    var textLimit: Int64? = nil

    func build(extract: String, name: String, into output: String) throws(DataError) {
        let box = try step("1/5", "reading the extract's box (osmium fileinfo)") { () throws(DataError) in
            try Self.box(of: extract)
        }
        let refs = try step("2/5", "checking that its ways' nodes are all in it (osmium check-refs)") {
            () throws(DataError) in
            try ToolRunner.run("osmium", ["check-refs", extract], allowedStatus: [0, 1]).status
        }
        var input = extract
        if refs == 1 {
            input = try step("3/5", "cutting ways that leave the extract to the nodes it holds (osmium cat, OPLTrim)") {
                () throws(DataError) -> String in
                let opl = work + "/extract.opl"
                let trimmed = work + "/trimmed.opl"
                let pbf = work + "/trimmed.osm.pbf"
                let limit: Int64
                if let textLimit { limit = textLimit } else { limit = try Self.textBound(extract: extract, work: work) }
                do throws(DataError) {
                    try ToolRunner.run(
                        "osmium", ["cat", "-f", "opl", "-o", opl, "--overwrite", extract], fileSizeLimit: limit)
                } catch {
                    guard case .noRoom = error else { throw error }
                    throw .noRoom(
                        path: extract, limit: limit,
                        reason: "its OpenStreetMap text grew past the bound of an import's work file "
                            + "(\(Self.textRatio) times the extract, at least \(Self.textFloor >> 20) MiB, at most half the free space)"
                    )
                }
                let report = try OPLTrim.trim(input: opl, output: trimmed)
                try? FileManager.default.removeItem(atPath: opl)
                progress(
                    "data:       \(report.waysTrimmed) ways cut, \(report.waysDropped) dropped, \(report.waysKept) whole"
                )
                try ToolRunner.run(
                    "osmium", ["cat", "-F", "opl", "-o", pbf, "--overwrite", trimmed], fileSizeLimit: limit)
                return pbf
            }
        } else {
            progress("data: [3/5] every way's nodes are in the extract: nothing to cut")
        }
        let (config, profile) = try Self.configuration(in: work)
        _ = try step("4/5", "making OpenMapTiles-schema tiles, zooms 0–14 (tilemaker)") { () throws(DataError) in
            try ToolRunner.run(
                "tilemaker",
                [
                    "--input", input, "--output", output, "--config", config, "--process", profile,
                    "--bbox", box.map { String($0) }.joined(separator: ","), "--threads", "2",
                ])
        }
        try step("5/5", "each tile's features in a fixed order; the metadata (name, attribution, centre, layers)") {
            () throws(DataError) in
            // tilemaker's order differs from run to run: the same extract makes the same tiles.
            try TileReorder.run(output)
            let center = "\((box[0] + box[2]) / 2),\((box[1] + box[3]) / 2),14"
            let json = TileStats.json(try MetadataWriter.value(output, "json"), try TileStats.count(output))
            try MetadataWriter.set(
                output,
                [
                    "json": json,
                    "name": name,
                    "description":
                        "\(name): OpenStreetMap data in the OpenMapTiles schema, made by tilemaker for Meridian",
                    "attribution": "© OpenStreetMap contributors", "type": "baselayer", "center": center,
                    "bounds": box.map { String($0) }.joined(separator: ","),
                ])
        }
    }

    /// How many times its extract's size an OpenStreetMap text file may grow. OPL of a real
    /// extract is 7–12 times its `.osm.pbf` (the Helsinki sample 7.4, Kotka's 11.4); nodes of
    /// consecutive ids in one place compress about 1,500 times (2 million: 52 KB of PBF, 77 MB
    /// of OPL), so a small hostile extract could fill the disk without a bound.
    static let textRatio: Int64 = 64
    /// The least bound on that file, so small extracts are never refused (bytes).
    static let textFloor: Int64 = 256 << 20
    /// Free space kept free by an import's work files (bytes).
    static let reserve: Int64 = 256 << 20

    /// The bound on each OpenStreetMap text file of step 3 (bytes): ``textRatio`` times the
    /// extract (at least ``textFloor``), and at most half the folder's free space less
    /// ``reserve`` (the text and its trimmed copy are both on disk).
    /// - Throws: ``DataError/noRoom(path:limit:reason:)`` at once when that half is below what a
    ///   real extract's text takes (12 times the extract).
    static func textBound(extract: String, work: String, freeBytes: Int64? = nil) throws(DataError) -> Int64 {
        let size = (try? FileManager.default.attributesOfItem(atPath: extract)[.size] as? NSNumber)?.int64Value ?? 0
        let free =
            freeBytes ?? (try? FileManager.default.attributesOfFileSystem(forPath: work)[.systemFreeSize] as? NSNumber)?
            .int64Value ?? .max
        let bound = textBound(extractBytes: size, freeBytes: free)
        guard bound.room >= size * 12 else {
            let folder = (work as NSString).deletingLastPathComponent
            throw .noRoom(
                path: extract, limit: bound.limit,
                reason: String(format: "%.1f MB are free in ", Double(free) / 1e6) + folder
                    + String(format: ", and cutting its broken ways needs about %.1f MB", Double(size) * 24 / 1e6))
        }
        return bound.limit
    }

    /// The bound (bytes) for an extract of `extractBytes` with `freeBytes` free; `room` is what
    /// the free space allows a file.
    static func textBound(extractBytes: Int64, freeBytes: Int64) -> (limit: Int64, room: Int64) {
        let (product, overflow) = extractBytes.multipliedReportingOverflow(by: textRatio)
        let room = max(0, (freeBytes - reserve) / 2)
        return (min(max(textFloor, overflow ? .max : product), room), room)
    }

    /// Runs one step, announcing it and how long it took.
    func step<T>(_ number: String, _ what: String, _ body: () throws(DataError) -> T) throws(DataError) -> T {
        progress("data: [\(number)] \(what)…")
        let start = Date()
        let result = try body()
        progress(String(format: "data:       done in %.1f s", Date().timeIntervalSince(start)))
        return result
    }

    /// West, south, east, north of the extract: its header's box, else its data's.
    static func box(of extract: String) throws(DataError) -> [Double] {
        func parse(_ text: String) -> [Double]? {
            let v = text.filter { !"()\n ".contains($0) }.split(separator: ",").compactMap { Double($0) }
            return v.count == 4 && v[0] < v[2] && v[1] < v[3] ? v : nil
        }
        if let box = parse(try ToolRunner.run("osmium", ["fileinfo", "-g", "header.boxes", extract]).text) {
            return box
        }
        if let box = parse(try ToolRunner.run("osmium", ["fileinfo", "-e", "-g", "data.bbox", extract]).text) {
            return box
        }
        throw .unsupported(path: extract, reason: "it holds no located nodes (osmium finds no box)")
    }

    /// tilemaker's OpenMapTiles configuration without the shapefile layers, and its profile
    /// also writing `name`, as files in `work`.
    static func configuration(in work: String) throws(DataError) -> (config: String, profile: String) {
        let configPath = examples + "/config-openmaptiles.json"
        let profilePath = examples + "/process-openmaptiles.lua"
        guard let data = FileManager.default.contents(atPath: configPath),
            var config = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            var layers = config["layers"] as? [String: Any],
            let profile = try? String(contentsOfFile: profilePath, encoding: .utf8)
        else {
            throw .tool(
                name: "tilemaker",
                reason: "has no OpenMapTiles configuration at \(examples) (Debian package tilemaker)", output: "")
        }
        for (key, value) in layers where (value as? [String: Any])?["source"] != nil { layers[key] = nil }
        config["layers"] = layers
        // The profile writes a feature's name as `name:latin` only; OpenMapTiles also has `name`.
        let named = profile.replacingOccurrences(
            of: "\tlocal main_written = name\n", with: "\tlocal main_written = name\n\tobj:Attribute(\"name\", name)\n")
        let outConfig = work + "/config-openmaptiles.json"
        let outProfile = work + "/process-openmaptiles.lua"
        do {
            try JSONSerialization.data(withJSONObject: config, options: [.sortedKeys]).write(
                to: URL(fileURLWithPath: outConfig))
            try named.write(toFile: outProfile, atomically: true, encoding: .utf8)
        } catch { throw .io(path: work, reason: "\(error)") }
        return (outConfig, outProfile)
    }
}
