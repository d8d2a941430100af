import Foundation
import Hummingbird
import MeridianRender
import MeridianServing
import MeridianText
import Metrics

/// The documents that name the server's own URLs, and what MapLibre's clients read beside them:
/// `/style.json` (MapLibre), TileJSON 3.0 (`/tiles.json` for the primary vector source,
/// `/data/{source}/tiles.json` for each, and `/data/{source}/512/tiles.json` for the 512-pixel
/// tiles `/style.json` names, with their zooms, so a style may name a source by `url` or by `tiles`
/// alike), GDAL's `metadata.json` (`/tiles/metadata.json`, `/data/{source}/metadata.json`), glyph
/// ranges (`/fonts/{fontstack}/{range}.pbf`) and the sprite (`/sprite[@2x].json|png`).
///
/// URLs are written on the base URL of ``PublicAccess``.
struct DocumentRoutes: Sendable {
    let service: MapService

    /// The served font and the range of `/fonts/{fontstack}/{file}` (`GlyphRanges`): every
    /// spelling of a stack that picks the same face gives the same font, and a range has one
    /// spelling (`0-255`; `+0-255`, `000-255` are not found), so the glyph cache holds at most one
    /// entry per served font and range.
    /// - Throws: ``RequestError`` (404) for a path that names no range.
    static func glyphRange(
        fontstack rawStack: String, file: String
    ) throws(RequestError) -> (font: GlyphRanges.ServedFont, range: String) {
        let stack = rawStack.removingPercentEncoding ?? rawStack
        guard file.hasSuffix(".pbf"), stack.utf8.count <= 256 else {
            throw RequestError("glyphs", "glyph ranges are /fonts/{fontstack}/{start}-{end}.pbf", status: 404)
        }
        let range = String(file.dropLast(4))
        do { _ = try GlyphRanges.start(ofRange: range) } catch { throw RequestError("glyphs", "\(error)", status: 404) }
        return (GlyphRanges.font(forFontstack: stack), range)
    }

    func add(to router: Router<MeridianRequestContext>) {
        router.get("/style.json", use: style)
        router.get("/fonts/:fontstack/:range", use: glyphs)
        for ratio in [1, 2] {
            // The sprite (`Sprite`): `MapService.spriteFile` (the data build's `sprite/meridian`, or
            // a given style's own) and the dot, index and image at pixel ratios 1 and 2, made once here (they change only with
            // the data; a sprite that cannot be read is a 500 on its routes, naming why).
            let suffix = ratio == 1 ? "" : "@2x"
            let path = service.data.spriteFile
            let sheet = Result { () throws(RenderError) in
                if let path {
                    try Sprite.sheet(pixelRatio: ratio, adding: path)
                } else {
                    try Sprite.sheet(pixelRatio: ratio)
                }
            }
            for (ext, type) in [("json", "application/json"), ("png", "image/png")] {
                router.get("/sprite\(suffix).\(ext)") { request, _ in
                    await MeridianServer.respond(request) { () throws(RequestError) -> Response in
                        guard case let .success(made) = sheet else {
                            throw RequestError("sprite", "\(sheet)", status: 500)
                        }
                        return MeridianServer.deliver(
                            ext == "png" ? made.png : Array(made.json.utf8), type: type, request: request,
                            service: service)
                    }
                }
            }
        }
        router.get("/tiles.json", use: primaryTileJSON)
        router.get("/tiles/metadata.json", use: primaryMetadata)
        router.get("/data/:source/tiles.json", use: sourceTileJSON)
        router.get("/data/:source/512/tiles.json", use: sourceTileJSON512)
        router.get("/data/:source/metadata.json", use: sourceMetadata)
    }

    /// The base URL for this request, and whether a shared cache may keep what is made with it.
    func base(_ request: Request, _ context: MeridianRequestContext) throws(RequestError) -> (url: String, shared: Bool)
    {
        try service.access.base(
            headers: request.headers, authority: request.head.authority, remote: context.remoteAddress?.ipAddress)
    }

    /// A JSON document, cacheable for five minutes (privately when made from the request's `Host`).
    func document(_ value: JSON, _ request: Request, shared: Bool) -> Response {
        MeridianServer.deliver(
            Array(value.text.utf8), type: "application/json",
            maxAge: 300, shared: shared, request: request, service: service)
    }

    /// The vector source the path names.
    /// - Throws: ``RequestError`` 404 for a source not served.
    func source(_ context: MeridianRequestContext) throws(RequestError) -> (name: String, info: VectorSourceInfo) {
        let name = context.parameters.get("source") ?? ""
        guard let info = service.data.vectorSources[name] else {
            throw RequestError("source", "no vector source '\(name.prefix(64))'", status: 404)
        }
        return (name, info)
    }

    /// The primary vector source (the most detailed).
    /// - Throws: ``RequestError`` 404 when no vector data is served.
    func primary() throws(RequestError) -> (name: String, info: VectorSourceInfo) {
        guard let name = service.data.primarySource, let info = service.data.vectorSources[name] else {
            throw RequestError("source", "no vector data is served", status: 404)
        }
        return (name, info)
    }

    @Sendable func style(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let (url, shared) = try base(request, context)
            // Made once per base URL and kept in the bounded response cache: a given style may
            // hold large GeoJSON inline, which a client asking again should not cost again.
            let key = ResponseKey.style(base: url)
            if let kept = service.drawer.cached(key) {
                return MeridianServer.deliver(
                    kept, type: "application/json", maxAge: 300, shared: shared, request: request, service: service)
            }
            let body: [UInt8]
            do {
                body =
                    if let custom = service.data.customStyle {
                        try ServedStyle.document(
                            base: url, given: custom, sources: service.data.vectorSources,
                            geojson: service.data.geojsonFiles
                        ).bytes
                    } else {
                        try ServedStyle.document(
                            base: url, sources: service.data.vectorSources, relief: service.data.servedRelief)
                    }
            } catch let error
                as RequestError
            { throw error } catch {
                throw RequestError("style", "\(error)", status: 500)
            }
            service.drawer.keep(body, for: key)
            return MeridianServer.deliver(
                body, type: "application/json", maxAge: 300, shared: shared, request: request, service: service)
        }
    }

    @Sendable func glyphs(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let (font, range) = try Self.glyphRange(
                fontstack: context.parameters.get("fontstack") ?? "", file: context.parameters.get("range") ?? "")
            // One cache entry per served font and range, however the client spells the stack.
            let key = ResponseKey.glyphs(font: font.name, range: range)
            let bytes = try await service.gate.run(pixels: 0) { _ throws(RequestError) -> [UInt8] in
                if let hit = service.drawer.cached(key) { return hit }
                let made: [UInt8]
                do { made = try GlyphRanges.pbf(font: font, range: range) } catch {
                    throw RequestError("glyphs", "\(error)", status: 500)
                }
                Counter(label: "meridian_glyph_ranges_rendered_total").increment()
                service.drawer.keep(made, for: key)
                return made
            }
            return MeridianServer.deliver(bytes, type: "application/x-protobuf", request: request, service: service)
        }
    }

    @Sendable func primaryTileJSON(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let (url, shared) = try base(request, context)
            let (name, info) = try primary()
            return document(
                TileJSON.document(source: name, info, tiles: url + "/tiles/{z}/{x}/{y}.pbf"), request, shared: shared)
        }
    }

    @Sendable func primaryMetadata(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let (name, info) = try primary()
            return document(TileJSON.gdalMetadata(source: name, info), request, shared: true)
        }
    }

    @Sendable func sourceTileJSON(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let (url, shared) = try base(request, context)
            if let name = context.parameters.get("source"), let raster = service.data.storedRasters[name] {
                return document(TileJSON.raster(source: name, raster, base: url), request, shared: shared)
            }
            let (name, info) = try source(context)
            return document(
                TileJSON.document(source: name, info, tiles: url + "/data/\(name)/{z}/{x}/{y}.pbf"), request,
                shared: shared)
        }
    }

    @Sendable func sourceTileJSON512(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let (url, shared) = try base(request, context)
            let (name, info) = try source(context)
            return document(
                TileJSON.document(
                    source: name, info.in512PixelTiles, tiles: ServedStyle.tiles512(base: url, source: name)),
                request, shared: shared)
        }
    }

    @Sendable func sourceMetadata(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let (name, info) = try source(context)
            return document(TileJSON.gdalMetadata(source: name, info), request, shared: true)
        }
    }
}
