import CompressNIO
import Foundation
@testable import MeridianServer
import MeridianTestSupport
import NIOCore
import Testing

/// HTTP as the field's clients expect it (MapLibre, Leaflet, GDAL, browsers on other origins,
/// proxies): CORS and preflight, HEAD, gzip, TileJSON and GDAL's metadata, forwarded headers.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct ClientHTTPTests {
    /// One request on its own connection, exactly as given: status, headers (lower-cased names), body.
    static func request(
        _ base: String, _ method: String, _ path: String, _ headers: [String: String] = [:]
    ) async throws
        -> (status: Int, headers: [String: String], body: [UInt8])
    {
        let client = try RawHTTP(port: Int(base.split(separator: ":").last!)!)
        defer { client.close() }
        var text = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in ["Host": "127.0.0.1", "Connection": "close"].merging(headers, uniquingKeysWith: { $1 }) {
            text += "\(name): \(value)\r\n"
        }
        client.send(text + "\r\n")
        let (bytes, _) = await client.receiveBytes(timeout: 30)  // a bound for a loaded machine, not a timing
        let end = try #require(
            (0..<max(0, bytes.count - 3)).first {
                bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
            })
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
        }
        return (Int(lines[0].split(separator: " ")[1]) ?? 0, fields, Array(bytes[(end + 4)...]))
    }

    @Test("CORS: any origin by default, a preflight answered 204 with the methods; a list of origins echoes only those")
    func cors() async throws {
        try await withLiveServer { base in
            let tile = try await Self.request(
                base, "GET", "/data/openmaptiles/14/9327/4742.pbf", ["Origin": "http://elsewhere.example"])
            #expect(tile.status == 200 && tile.headers["access-control-allow-origin"] == "*")
            let preflight = try await Self.request(
                base, "OPTIONS", "/style.json",
                ["Origin": "http://elsewhere.example", "Access-Control-Request-Method": "GET"])
            #expect(
                preflight.status == 204 && preflight.headers["access-control-allow-methods"]?.contains("GET") == true
                    && preflight.headers["access-control-allow-origin"] == "*", "\(preflight.headers)")
        }
        var access = PublicAccess()
        access.corsOrigins = ["https://app.example.com"]
        try await withLiveServer(access: access) { base in
            let allowed = try await Self.request(base, "GET", "/health", ["Origin": "https://app.example.com"])
            #expect(
                allowed.headers["access-control-allow-origin"] == "https://app.example.com"
                    && allowed.headers["vary"]?.contains("Origin") == true)
            let other = try await Self.request(base, "GET", "/health", ["Origin": "https://evil.example"])
            #expect(
                other.status == 200 && other.headers["access-control-allow-origin"] == nil
                    && other.headers["vary"]?.contains("Origin") == true)
        }
    }

    @Test(
        "HEAD on every route: the GET's status and headers, no body",
        arguments: [
            "/style.json", "/tiles/15/18653/9484.png", "/data/openmaptiles/14/9327/4742.pbf",
            "/tiles.json", "/tiles/metadata.json", "/health", "/",
        ])
    func head(path: String) async throws {
        try await withLiveServer { base in
            let get = try await Self.request(base, "GET", path)
            let head = try await Self.request(base, "HEAD", path)
            #expect(get.status == 200 && head.status == 200 && head.body.isEmpty)
            #expect(
                head.headers["content-type"] == get.headers["content-type"]
                    && head.headers["etag"] == get.headers["etag"])
            #expect(
                head.headers["content-length"] == get.headers["content-length"]
                    || head.headers["content-length"] == nil, "\(head.headers)")
        }
    }

    @Test("gzip for vector tiles and JSON when accepted (its own ETag, Vary), never for PNGs or when refused")
    func gzip() async throws {
        try await withLiveServer { base in
            for path in ["/data/openmaptiles/14/9327/4742.pbf", "/style.json", "/tiles.json"] {
                let plain = try await Self.request(base, "GET", path)
                let zipped = try await Self.request(base, "GET", path, ["Accept-Encoding": "br;q=1.0, gzip;q=0.8"])
                #expect(
                    plain.headers["content-encoding"] == nil && zipped.headers["content-encoding"] == "gzip"
                        && zipped.headers["vary"]?.contains("Accept-Encoding") == true)
                var buffer = ByteBuffer(bytes: zipped.body)
                let inflated = Array(try buffer.decompress(with: .gzip()).readableBytesView)
                #expect(
                    inflated == plain.body && zipped.body.count < plain.body.count,
                    "\(path): \(zipped.body.count) of \(plain.body.count) bytes")
                #expect(zipped.headers["etag"] != plain.headers["etag"])
                let refused = try await Self.request(base, "GET", path, ["Accept-Encoding": "gzip;q=0, identity"])
                #expect(refused.headers["content-encoding"] == nil)
            }
            // A byte range of the tile as sent (GDAL's /vsicurl/ reads files in ranges).
            let whole = try await Self.request(base, "GET", "/data/openmaptiles/14/9327/4742.pbf")
            let part = try await Self.request(
                base, "GET", "/data/openmaptiles/14/9327/4742.pbf", ["Range": "bytes=100-199"])
            #expect(
                part.status == 206 && part.body == Array(whole.body[100...199])
                    && part.headers["content-range"] == "bytes 100-199/\(whole.body.count)")
            #expect(
                try await Self.request(base, "GET", "/data/openmaptiles/14/9327/4742.pbf", ["Range": "bytes=99999999-"])
                    .status == 416)
            let png = try await Self.request(base, "GET", "/tiles/15/18653/9484.png", ["Accept-Encoding": "gzip"])
            #expect(png.headers["content-encoding"] == nil && png.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test("TileJSON 3.0 and GDAL's metadata.json describe the primary source and each source")
    func tileJSON() async throws {
        try await withLiveServer { base in
            let doc = try #require(
                try JSONSerialization.jsonObject(with: Data(try await Self.request(base, "GET", "/tiles.json").body))
                    as? [String: Any])
            #expect(
                doc["tilejson"] as? String == "3.0.0" && doc["name"] as? String == "openmaptiles"
                    && doc["maxzoom"] as? Int == 14)
            #expect((doc["tiles"] as? [String]) == ["http://127.0.0.1/tiles/{z}/{x}/{y}.pbf"])
            let layers = try #require(doc["vector_layers"] as? [[String: Any]])
            #expect(
                layers.contains { $0["id"] as? String == "transportation" }
                    && layers.allSatisfy { $0["fields"] is [String: Any] })
            // The fields the tilesets declare, carried through (both regions' merged): GDAL types its columns from them.
            let fields = { (id: String) in layers.first { $0["id"] as? String == id }?["fields"] as? [String: String] }
            #expect(
                fields("transportation")?["class"] == "String" && fields("building")?["render_height"] == "Number",
                "\(fields("transportation") ?? [:])")
            let bounds = try #require(doc["bounds"] as? [Double])
            // Helsinki and Kotka: the union of both regions' bounds.
            #expect(
                bounds.count == 4 && bounds[0] < 24.95 && bounds[2] > 26.9 && bounds[1] < 60.17 && bounds[3] > 60.46,
                "\(bounds)")
            let world = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try await Self.request(base, "GET", "/data/world/tiles.json").body)) as? [String: Any])
            #expect(
                (world["tiles"] as? [String]) == ["http://127.0.0.1/data/world/{z}/{x}/{y}.pbf"]
                    && world["maxzoom"] as? Int == 9)
            let places =
                (world["vector_layers"] as? [[String: Any]])?.first { $0["id"] as? String == "places" }?["fields"]
                as? [String: String]
            #expect(places?["population"] == "Number" && places?["name"] == "String", "\(places ?? [:])")
            let gdal = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try await Self.request(base, "GET", "/tiles/metadata.json").body)) as? [String: String])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(gdal["json"]!.utf8)) as? [String: Any])
            #expect(
                gdal["format"] == "pbf" && gdal["maxzoom"] == "14"
                    && (json["vector_layers"] as? [Any])?.isEmpty == false)
            let gdalLayers = try #require(json["vector_layers"] as? [[String: Any]])
            #expect(
                (gdalLayers.first { $0["id"] as? String == "waterway" }?["fields"] as? [String: String])?["class"]
                    == "String")
            #expect(try await Self.request(base, "GET", "/data/nope/tiles.json").status == 404)
        }
    }

    @Test(
        "tile URLs: the Host only in a private response, forwarded headers only from a trusted proxy, a public URL over both"
    )
    func baseURL() async throws {
        @Sendable func tiles(_ r: (status: Int, headers: [String: String], body: [UInt8])) throws -> String? {
            ((try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])?["tiles"] as? [String])?.first
        }
        let forwarded = [
            "Host": "forged.example", "X-Forwarded-Host": "maps.example.com", "X-Forwarded-Proto": "https",
        ]
        try await withLiveServer { base in
            let r = try await Self.request(base, "GET", "/tiles.json", forwarded)
            #expect(
                try tiles(r) == "http://forged.example/tiles/{z}/{x}/{y}.pbf"
                    && r.headers["cache-control"]?.hasPrefix("private") == true
                    && r.headers["vary"]?.contains("Host") == true)
            let bad = try await Self.request(base, "GET", "/style.json", ["Host": "a b\"<script>"])
            #expect(bad.status == 400)
        }
        var trusted = PublicAccess()
        trusted.trustedProxies = ["127.0.0.1"]
        try await withLiveServer(access: trusted) { base in
            let r = try await Self.request(base, "GET", "/tiles.json", forwarded)
            #expect(
                try tiles(r) == "https://maps.example.com/tiles/{z}/{x}/{y}.pbf"
                    && r.headers["cache-control"]?.hasPrefix("public") == true)
            let style = try await Self.request(base, "GET", "/style.json", forwarded)
            #expect(
                String(decoding: style.body, as: UTF8.self).contains(
                    "https://maps.example.com/data/openmaptiles/{z}/{x}/{y}.pbf"))
        }
        var fixed = PublicAccess()
        fixed.publicURL = "https://tiles.example.org/meridian"
        try await withLiveServer(access: fixed) { base in
            let r = try await Self.request(base, "GET", "/tiles.json", forwarded)
            #expect(
                try tiles(r) == "https://tiles.example.org/meridian/tiles/{z}/{x}/{y}.pbf"
                    && r.headers["cache-control"]?.hasPrefix("public") == true)
        }
        for (bad, option) in [(\PublicAccess.publicURL, "ftp://x"), (\PublicAccess.publicURL, "https://x/")] {
            var access = PublicAccess()
            access[keyPath: bad] = option
            #expect((#expect(throws: RequestError.self) { try access.validate() })?.parameter == "public-url")
        }
        var proxies = PublicAccess()
        proxies.trustedProxies = ["not-an-ip"]
        #expect((#expect(throws: RequestError.self) { try proxies.validate() })?.parameter == "trusted-proxy")
        proxies = PublicAccess()
        proxies.corsOrigins = ["app.example.com"]
        #expect((#expect(throws: RequestError.self) { try proxies.validate() })?.parameter == "cors-origin")
    }
}

/// GDAL as a user runs it against `meridian serve`: its MVT driver reads the primary source as a
/// tileset folder over HTTP (`/vsicurl/`: `metadata.json`, HEAD, byte ranges, 404 for no tile).
@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/ogrinfo"),
        "needs the default data and GDAL (gdal-bin)"))
struct GDALTests {
    @Test("ogrinfo and ogr2ogr read /tiles/14 as an MVT tileset: layers typed from tilestats, features, no warning")
    func ogr() async throws {
        try await HeavyClients.shared.run {
            try await withLiveServer { base in
                let url = "MVT:/vsicurl/\(base)/tiles/14"
                let info = try await runProcess("/usr/bin/ogrinfo", ["-ro", "-so", url, "building", "transportation"])
                /// The `Geometry:` line of a layer's block in ogrinfo's summary.
                func geometry(_ layer: String) -> String? {
                    info.out.components(separatedBy: "Layer name: ").first { $0.hasPrefix(layer + "\n") }?
                        .split(separator: "\n").first { $0.hasPrefix("Geometry: ") }.map { String($0.dropFirst(10)) }
                }
                #expect(geometry("building") == "Multi Polygon", "\(info.out.prefix(600))")
                // Transportation holds lines and (pedestrian-area) polygons: declared as no one type.
                #expect(geometry("transportation") == "Unknown (any)")
                let count = info.out.components(separatedBy: "Feature Count: ").dropFirst().compactMap {
                    Int($0.prefix { $0.isNumber })
                }
                #expect(count.count == 2 && count.allSatisfy { $0 > 100 }, "\(count)")
                let landuse = try await runProcess(
                    "/usr/bin/ogr2ogr", ["-f", "GeoJSON", "/vsistdout/", url, "landuse"])
                let json = try JSONSerialization.jsonObject(with: Data(landuse.out.utf8)) as? [String: Any]
                #expect(
                    ((json?["features"] as? [Any])?.count ?? 0) > 10 && landuse.err.isEmpty,
                    "\(landuse.err.prefix(400))")
            }
        }
    }

    /// ogrinfo's column lines of a layer (`name: Type (width.precision)`).
    static func columns(_ out: String, _ layer: String) -> [String: String] {
        let block = out.components(separatedBy: "Layer name: ").first { $0.hasPrefix(layer + "\n") } ?? ""
        var out: [String: String] = [:]
        for line in block.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, !parts[0].contains(" "), let type = parts[1].split(separator: " ").first,
                line.hasSuffix(")")
            else { continue }
            out[String(parts[0])] = String(type)
        }
        return out
    }

    @Test(
        "every source as a tileset folder: no warning for its empty tiles (an empty 200, not 204), typed columns from the tilesets' fields, and ogr2ogr to GeoPackage without a warning"
    )
    func tilesetMode() async throws {
        try await HeavyClients.shared.run {
            try await withLiveServer { base in
                for (folder, layer, column, type) in [
                    ("data/openmaptiles/14", "transportation", "class", "String"),
                    ("data/world/3", "places", "population", "Real"),
                    ("tiles/14", "building", "render_height", "Real"),
                ] {
                    let info = try await runProcess(
                        "/usr/bin/ogrinfo", ["-ro", "-so", "MVT:/vsicurl/\(base)/\(folder)", layer])
                    // GDAL warned "HTTP response code on …: 204" for each empty tile, up to 1,000.
                    #expect(
                        info.status == 0 && !info.err.contains("HTTP response code") && !info.err.contains("Warning"),
                        "\(folder): \(info.err.prefix(400))")
                    // Typed columns, not one `json` column: the fields are carried through.
                    let columns = Self.columns(info.out, layer)
                    #expect(columns[column] == type && columns["json"] == nil, "\(folder) \(layer): \(columns)")
                }
                // Lines of waterway and points of water_name go into multi layers without a warning.
                let gpkg = NSTemporaryDirectory() + "meridian-gdal-\(UUID().uuidString.prefix(6)).gpkg"
                defer { try? FileManager.default.removeItem(atPath: gpkg) }
                let copy = try await runProcess(
                    "/usr/bin/ogr2ogr",
                    [
                        "-f", "GPKG", gpkg, "MVT:/vsicurl/\(base)/tiles/14", "waterway", "water_name",
                        "transportation_name",
                    ])
                #expect(copy.status == 0 && copy.err.isEmpty, "\(copy.err.prefix(600))")
                let summary = try await runProcess("/usr/bin/ogrinfo", ["-ro", "-so", gpkg])
                #expect(summary.out.contains("waterway (Multi Line String)"), "\(summary.out)")
            }
        }
    }

    @Test("the README's GDAL commands run as shown (the host swapped for the test server's), without a warning")
    func readmeCommands() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        // Every `ogrinfo …` and `ogr2ogr …` in backquotes that names the example server.
        let commands = readme.replacingOccurrences(of: "\n  ", with: " ").replacingOccurrences(of: "\n", with: " ")
            .components(separatedBy: "`").filter {
                ($0.hasPrefix("ogrinfo ") || $0.hasPrefix("ogr2ogr ")) && $0.contains("http://127.0.0.1:8080")
            }
        #expect(commands.count >= 2, "\(commands)")
        try await HeavyClients.shared.run {
            try await withLiveServer { base in
                let folder = NSTemporaryDirectory() + "meridian-readme-gdal-\(UUID().uuidString.prefix(6))"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(atPath: folder) }
                for command in commands {
                    var words = command.replacingOccurrences(of: "http://127.0.0.1:8080", with: base).split(
                        separator: " "
                    ).map(String.init)
                    // Output files go to a scratch folder.
                    words = words.map { $0.hasSuffix(".gpkg") ? folder + "/" + $0 : $0 }
                    let run = try await runProcess("/usr/bin/" + words[0], Array(words.dropFirst()))
                    #expect(run.status == 0 && run.err.isEmpty, "\(command): \(run.err.prefix(400))")
                }
            }
        }
    }
}

@Suite struct ByteRangeTests {
    @Test(
        "one byte range: first-last, first-, -suffix, clipped to the body; past the end or of an empty body unsatisfiable"
    )
    func ranges() {
        #expect(ByteRange.parse("bytes=0-99", length: 1000) == .part(first: 0, last: 99))
        #expect(ByteRange.parse("bytes=990-2000", length: 1000) == .part(first: 990, last: 999))
        #expect(ByteRange.parse("bytes=10-", length: 1000) == .part(first: 10, last: 999))
        #expect(ByteRange.parse("bytes=-10", length: 1000) == .part(first: 990, last: 999))
        #expect(ByteRange.parse("bytes=-5000", length: 1000) == .part(first: 0, last: 999))
        #expect(ByteRange.parse("Bytes=0-0", length: 1000) == .part(first: 0, last: 0), "the unit is case-insensitive")
        #expect(
            ByteRange.parse("bytes=0-" + String(repeating: "9", count: 40), length: 1000) == .part(first: 0, last: 999))
        for unsatisfiable in [
            "bytes=1000-", "bytes=1000-2000", "bytes=-0", "bytes=" + String(repeating: "9", count: 40) + "-",
        ] {
            #expect(ByteRange.parse(unsatisfiable, length: 1000) == .unsatisfiable, "\(unsatisfiable)")
        }
        #expect(ByteRange.parse("bytes=0-5", length: 0) == .unsatisfiable)
    }

    @Test("RFC 9110 §14.2: an unknown unit, a malformed set and several ranges are ignored (the whole body)")
    func ignored() {
        for header in [
            "items=0-5", "bytes=0-1,5-6", "bytes=0-1, 3-4", "bytes=5-4", "bytes=a-b", "bytes=", "bytes=-", "bytes=+1-2",
            "bytes=0-0x10", "none", "",
        ] {
            #expect(ByteRange.parse(header, length: 1000) == .whole, "\(header)")
        }
    }
}

@Suite struct IfNoneMatchTests {
    @Test(
        "RFC 9110 §13.1.2: weak comparison, lists (commas inside tags kept), *, several fields; malformed lists match nothing"
    )
    func matching() {
        let tag = #""5f2a""#
        for field in [tag, #"W/"5f2a""#, #""x", "5f2a""#, #"W/"x" ,W/"5f2a""#, "*", " * ", #""a,b", "5f2a""#] {
            #expect(IfNoneMatch.matches([field], etag: tag), "\(field)")
        }
        #expect(IfNoneMatch.matches([#""x""#, tag], etag: tag), "several fields are one list")
        for field in [#""5f2b""#, "5f2a", #""5f2a"x"#, #""5f2a"#, #"w/"5f2a""#, #""x", *"#, "", #""a,5f2a""#] {
            #expect(!IfNoneMatch.matches([field], etag: tag), "\(field)")
        }
        let long = (0..<100).map { #""t\#($0)""# }.joined(separator: ",") + "," + tag
        #expect(!IfNoneMatch.matches([long], etag: tag), "past \(IfNoneMatch.maxTags) tags nothing more is read")
    }
}
