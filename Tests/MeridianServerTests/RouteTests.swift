import CWebP
import Foundation
import MeridianRender
import MeridianTestSupport
import Testing

@Suite(
    .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"),
    .serialized)
struct RouteTests {
    @Test("static maps: PNG of the asked size and scale, an ETag that gives 304, JSON 400s naming the parameter")
    func staticMaps() async throws {
        try await withLiveServer { base in
            let url =
                base
                + "/staticmap?center=60.1699,24.9384&zoom=15&size=300x200&scale=2&bearing=30&tilt=45&markers=color:blue%7C60.1704,24.9522"
            let ok = try await get(url)
            #expect(ok.status == 200 && ok.headers["content-type"] == "image/png")
            #expect(pngSize(ok.body)! == (600, 400))
            let etag = try #require(ok.headers["etag"])
            #expect(ok.headers["cache-control"]?.contains("max-age") == true)
            let again = try await get(url, headers: ["If-None-Match": etag])
            #expect(again.status == 304 && again.body.isEmpty)
            let fitted = try await get(
                base + "/staticmap?size=400x300&visible=49.26,-123.11%7C51.05,-114.05&maptype=terrain")
            #expect(fitted.status == 200 && pngSize(fitted.body)! == (400, 300))
            for (query, parameter) in [
                ("center=60,24&zoom=15", "size"), ("size=5000x100&center=60,24&zoom=15", "size"),
                ("size=100x100&center=60,24&zoom=nan", "zoom"), ("size=100x100&center=60,24&zoom=3&bogus=1", "bogus"),
                ("size=100x100&path=enc:%7B%7B%7B", "path"),
            ] {
                let bad = try await get(base + "/staticmap?" + query)
                #expect(bad.status == 400 && bad.headers["content-type"]?.hasPrefix("application/json") == true)
                let json = try JSONSerialization.jsonObject(with: bad.body) as? [String: [String: Any]]
                #expect(
                    json?["error"]?["parameter"] as? String == parameter,
                    "\(query): \(String(decoding: bad.body, as: UTF8.self))")
            }
        }
    }

    @Test(
        "format=jpg and webp: static maps and raster tiles of the asked size in the named media type, smaller than the PNG; other formats are 400 naming format"
    )
    func imageFormats() async throws {
        try await withLiveServer { base in
            let view = base + "/staticmap?center=60.1712,24.9425&zoom=17&size=512x384"
            let png = try await get(view)
            for (format, type) in [("webp", "image/webp"), ("jpg", "image/jpeg"), ("png32", "image/png")] {
                let r = try await get(view + "&format=" + format)
                #expect(r.status == 200 && r.headers["content-type"] == type, "\(format): \(r.status)")
                #expect(r.headers["etag"] != png.headers["etag"] || format == "png32", "\(format) has the PNG's ETag")
                if format == "webp" {
                    var width: Int32 = 0
                    var height: Int32 = 0
                    #expect(
                        WebPGetInfo([UInt8](r.body), r.body.count, &width, &height) == 1 && width == 512
                            && height == 384)
                    #expect(r.body.count * 2 < png.body.count, "WebP \(r.body.count) bytes, PNG \(png.body.count)")
                }
            }
            let gif = try await get(view + "&format=gif")
            let json = try JSONSerialization.jsonObject(with: gif.body) as? [String: [String: Any]]
            #expect(gif.status == 400 && json?["error"]?["parameter"] as? String == "format")
            for (path, type, side) in [
                ("/tiles/16/37308/18969.webp", "image/webp", Int32(256)),
                ("/tiles/16/37308/18969@2x.webp", "image/webp", 512),
                ("/tiles/16/37308/18969@2x.jpg", "image/jpeg", 512),
            ] {
                let r = try await get(base + path)
                #expect(r.status == 200 && r.headers["content-type"] == type, "\(path): \(r.status)")
                var width: Int32 = 0
                var height: Int32 = 0
                if type == "image/webp" {
                    #expect(
                        WebPGetInfo([UInt8](r.body), r.body.count, &width, &height) == 1 && width == side
                            && height == side)
                } else {
                    #expect(r.body.starts(with: [0xFF, 0xD8]) && r.body.count > 2000)
                }
            }
        }
    }

    @Test(
        "tiles: 256 and @2x 512 PNGs, vector tiles per source, an empty 200 where no data (on every route), 404 outside the world, for unknown sources and for traversal"
    )
    func tiles() async throws {
        try await withLiveServer { base in
            let png = try await get(base + "/tiles/15/18653/9484.png")
            #expect(png.status == 200 && pngSize(png.body)! == (256, 256) && png.headers["etag"] != nil)
            let retina = try await get(base + "/tiles/15/18653/9484@2x.png?maptype=hybrid")
            #expect(retina.status == 200 && pngSize(retina.body)! == (512, 512))
            let pbf = try await get(base + "/data/openmaptiles/14/9327/4742.pbf")
            #expect(pbf.status == 200 && pbf.headers["content-type"] == "application/vnd.mapbox-vector-tile")
            // Layer names appear as strings in the tile: the OpenMapTiles layers of central Helsinki.
            let text = String(decoding: pbf.body, as: UTF8.self)
            #expect(text.contains("building") && text.contains("transportation") && text.contains("Mannerheimintie"))
            let world = try await get(base + "/data/world/2/2/1.pbf")
            #expect(world.status == 200 && String(decoding: world.body, as: UTF8.self).contains("land"))
            // No data: an empty tile on every vector route (GDAL warns on every 204, a browser's
            // console shows every 404), whole even when a range is asked (GDAL asks for one).
            for path in [
                "/data/openmaptiles/20/0/0.pbf", "/tiles/20/0/0.pbf", "/data/world/9/0/0.pbf",
                "/data/openmaptiles/512/20/0/0.pbf",
            ] {
                for headers in [[:], ["Range": "bytes=0-16383"]] {
                    let empty = try await get(base + path, headers: headers)
                    #expect(
                        empty.status == 200 && empty.body.isEmpty
                            && empty.headers["cache-control"] == "public, max-age=86400"
                            && empty.headers["content-type"] == "application/vnd.mapbox-vector-tile"
                            && empty.headers["etag"] != nil,
                        "\(path) \(headers): \(empty.status)")
                }
            }
            // MapLibre's 512-pixel tiles: the world's z1 tile joins its four z2 tiles (their places included).
            let quad = try await get(base + "/data/world/512/1/1/0.pbf")
            #expect(quad.status == 200 && String(decoding: quad.body, as: UTF8.self).contains("places"))
            #expect(try await get(base + "/data/openmaptiles/512/30/0/0.pbf").status == 404)
            // The primary vector source is also at /tiles/{z}/{x}/{y}.pbf (GDAL's tileset mode, XYZ clients).
            #expect(try await get(base + "/tiles/14/9327/4742.pbf").body == pbf.body)
            for path in [
                "/data/nope/2/1/1.pbf", "/tiles/3/9/1.pbf", "/data/openmaptiles/3/9/1.pbf", "/tiles/3/9/1.png",
                "/tiles/-1/0/0.png", "/tiles/2/1/1.jpeg", "/tiles/2/1/1.gif", "/tiles/2/1/1.png.webp",
                "/tiles/2/1/..%2F..%2Fetc%2Fpasswd",
                "/tiles/../../etc/passwd", "/..%2F..%2Fetc%2Fpasswd", "/style.json/../../../etc/passwd",
            ] {
                let r = try await get(base + path)
                #expect(r.status == 404, "\(path) gave \(r.status)")
                #expect(!String(decoding: r.body, as: UTF8.self).contains("root:"))
            }
        }
    }

    @Test("the style for MapLibre clients, health, and the viewer page")
    func styleAndPage() async throws {
        try await withLiveServer { base in
            let style = try await get(base + "/style.json")
            let json = try #require(try JSONSerialization.jsonObject(with: style.body) as? [String: Any])
            let sources = try #require(json["sources"] as? [String: [String: Any]])
            // The style says what Meridian draws: every label with a halo colour names its width
            // (MapLibre's default width is 0, no halo), the 1.5 points Meridian draws.
            let labels = (json["layers"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "symbol" }
            #expect(labels.count >= 4)
            for layer in labels {
                let paint = layer["paint"] as? [String: Any] ?? [:]
                #expect(
                    paint["text-halo-color"] == nil || paint["text-halo-width"] as? Double == 1.5,
                    "\(layer["id"] ?? "?"): \(paint)")
            }
            // One source per vector source of the streets style, with its tilesets' zooms and credit:
            // its own tiles; for Meridian's world and coast (256-point tiles in the style) the /512/
            // route's, which joins four, their zooms lowered by one.
            #expect(
                (sources["openmaptiles"]?["tiles"] as? [String])?.first?.hasSuffix("/data/openmaptiles/{z}/{x}/{y}.pbf")
                    == true)
            #expect(
                (sources["world"]?["tiles"] as? [String])?.first?.hasSuffix("/data/world/512/{z}/{x}/{y}.pbf") == true)
            #expect(sources["world"]?["maxzoom"] as? Int == 8 && sources["coast"]?["minzoom"] as? Int == 7)
            #expect(sources["openmaptiles"]?["attribution"] as? String == "© OpenStreetMap contributors")
            #expect(
                sources["openmaptiles"]?["minzoom"] as? Int == 0 && sources["openmaptiles"]?["maxzoom"] as? Int == 14)
            #expect((json["glyphs"] as? String)?.hasSuffix("/fonts/{fontstack}/{range}.pbf") == true)
            let glyphs = try await get(base + "/fonts/DejaVu%20Sans%20Book/0-255.pbf")
            #expect(
                glyphs.status == 200 && glyphs.headers["content-type"] == "application/x-protobuf"
                    && glyphs.body.count > 10_000)
            #expect(try await get(base + "/fonts/DejaVu%20Sans%20Book/1-256.pbf").status == 404)
            // A stack naming an installed family gets that family's glyphs, not DejaVu's.
            let noto = try await get(base + "/fonts/Noto%20Sans%20Bold/0-255.pbf")
            let notoBold = try GlyphRanges.pbf(fontstack: "Noto Sans Bold", range: "0-255")
            let dejaVuBold = try GlyphRanges.pbf(fontstack: "DejaVu Sans Bold", range: "0-255")
            #expect(noto.status == 200 && Array(noto.body) == notoBold && notoBold != dejaVuBold)
            #expect((json["sprite"] as? String)?.hasSuffix("/sprite") == true)
            for path in ["/sprite.json", "/sprite@2x.json", "/sprite.png", "/sprite@2x.png"] {
                #expect(try await get(base + path).status == 200, "\(path)")
            }
            // The data build's sprite is served with the dot below it, every image inside the sheet.
            for suffix in ["", "@2x"] {
                let index = try #require(
                    try JSONSerialization.jsonObject(with: Data(try await get(base + "/sprite\(suffix).json").body))
                        as? [String: [String: Any]])
                let sheet = try #require(decodePNG(Array(try await get(base + "/sprite\(suffix).png").body)))
                #expect(index["dot"]?["sdf"] as? Bool == true && index["shop_11"] != nil, "\(index.keys.sorted())")
                let inside = index.values.allSatisfy { e in
                    let (x, y, w, h) = (
                        e["x"] as? Int ?? -1, e["y"] as? Int ?? -1, e["width"] as? Int ?? 0, e["height"] as? Int ?? 0
                    )
                    return x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= sheet.width && y + h <= sheet.height
                }
                #expect(inside && (index["shop_11"]?["pixelRatio"] as? Double) == (suffix.isEmpty ? 1 : 2))
            }
            let layers = try #require(json["layers"] as? [[String: Any]])
            #expect(
                layers.allSatisfy { $0["source"] == nil || sources[$0["source"] as? String ?? ""] != nil }
                    && layers.count > 10)
            let health = try await get(base + "/health")
            #expect(health.status == 200 && String(decoding: health.body, as: UTF8.self).contains("\"ok\""))
            let page = try await get(base + "/")
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(
                page.status == 200 && html.contains("<canvas") && html.contains("/session") && !html.contains("http://")
                    && !html.contains("https://"))
        }
    }
}
