import Hummingbird
import MeridianCamera
import MeridianRender
import MeridianServing

/// The map routes: `/staticmap`, raster tiles at `/tiles/{z}/{x}/{y}.png` (`.jpg`, `.webp`, each
/// also `@2x`; the primary vector source at `.pbf`), and each vector source's tiles at
/// `/data/{source}/{z}/{x}/{y}.pbf` and in 512-pixel tiles at `/data/{source}/512/…`; a raster
/// tileset of the data folder (imagery, elevation) as stored at `/data/{name}/{z}/{x}/{y}.png`
/// (`.webp`, `.jpg`: its tiles' own format; a tile it does not have is a 404).
///
/// Drawing and reading run on the ``DrawingGate``; requests are parsed into ``StaticMapQuery`` and
/// ``TileRequest`` first.
struct MapRoutes: Sendable {
    let service: MapService

    func add(to router: Router<MeridianRequestContext>) {
        router.get("/staticmap", use: staticMap)
        router.get("/tiles/:z/:x/:y", use: tile)
        // The same sources in 512-pixel tiles, as the style served to MapLibre names them: each
        // tile joins the four one zoom deeper (`MapDrawer.quadTile(source:_:)`).
        router.get("/data/:source/512/:z/:x/:y") { request, context in
            await dataTile(request, context: context, in512PixelTiles: true)
        }
        router.get("/data/:source/:z/:x/:y") { request, context in
            await dataTile(request, context: context, in512PixelTiles: false)
        }
    }

    @Sendable func staticMap(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let items = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let query = try StaticMapQuery(items)
            let camera = try query.camera()
            let viewport: Viewport
            do { viewport = try Viewport(camera: camera, size: query.size, padding: query.padding) } catch {
                throw RequestError("padding", "\(error)")
            }
            let key = ResponseKey.ImageKey(
                mapType: query.mapType, format: query.format, viewport: viewport, overlays: query.overlays,
                scale: query.scale, credit: true)
            let pixels = query.size.width * query.size.height * Double(query.scale * query.scale)
            let image = try await service.gate.run(pixels: pixels) { deadline throws(RequestError) in
                try service.serving { () throws(ServingError) in try service.drawer.image(key, deadline: deadline) }
            }
            return MeridianServer.deliver(image, type: query.format.mediaType, request: request, service: service)
        }
    }

    /// `/tiles/{z}/{x}/{y}…`: a raster tile cut from its metatile, or a tile of the primary vector source.
    @Sendable func tile(_ request: Request, context: MeridianRequestContext) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let tile = try TileRequest(
                tiles: context.parameters.get("z") ?? "", x: context.parameters.get("x") ?? "",
                file: context.parameters.get("y") ?? "",
                mapType: request.uri.queryParameters["maptype"].map(String.init),
                primarySource: service.data.primarySource)
            return try await deliver(tile, request: request)
        }
    }

    /// `/data/{source}[/512]/{z}/{x}/{y}.pbf`: a vector tile of a source.
    @Sendable func dataTile(
        _ request: Request, context: MeridianRequestContext, in512PixelTiles: Bool
    ) async -> Response {
        await MeridianServer.respond(request) { () throws(RequestError) -> Response in
            let tile = try TileRequest(
                source: context.parameters.get("source") ?? "", z: context.parameters.get("z") ?? "",
                x: context.parameters.get("x") ?? "", file: context.parameters.get("y") ?? "",
                in512PixelTiles: in512PixelTiles)
            return try await deliver(tile, request: request)
        }
    }

    /// The tile a request names: drawn (raster, through the metatile cache) or read (vector).
    ///
    /// A vector tile no region has is an empty tile on every route: 200 with an empty body (a
    /// protobuf message with no fields is a valid Mapbox Vector Tile of no layers), publicly
    /// cacheable with its ETag. Of the answers the field gives, this is the one every client
    /// takes silently (GDAL 3.6, MapLibre GL JS 5.3 in Chromium): a 404 is a "Failed to load
    /// resource" line in the browser's console for every empty tile (tile servers answer 204 for
    /// that reason: tileserver-gl, martin, GeoWebCache), but GDAL's `/vsicurl/` warns "HTTP
    /// response code … 204" for every 204, while it reads an empty 200 as a tile with no
    /// features. MapLibre GL JS and Native parse the empty body as a tile with no layers. A tile
    /// outside the world or of an unknown source stays a 404.
    func deliver(_ tile: TileRequest, request: Request) async throws(RequestError) -> Response {
        let drawer = service.drawer
        switch tile.kind {
        case let .vector(source, quad):
            let bytes = try await service.gate.run(
                pixels: 0,
                { _ throws(RequestError) in
                    try service.serving { () throws(ServingError) in
                        try quad ? drawer.quadTile(source: source, tile.id) : drawer.vectorTile(source: source, tile.id)
                    }
                })
            return MeridianServer.deliver(
                bytes ?? [], type: "application/vnd.mapbox-vector-tile", request: request, service: service)
        case let .raster(type, format, scale):
            let pixels = MapDrawer.metatilePixels(of: tile.id, scale: scale)
            let image = try await service.gate.run(pixels: pixels) { deadline throws(RequestError) in
                try service.serving { () throws(ServingError) in
                    try drawer.rasterTile(tile.id, scale: scale, mapType: type, format: format, deadline: deadline)
                }
            }
            return MeridianServer.deliver(image, type: format.mediaType, request: request, service: service)
        case let .stored(source, ext):
            let bytes = try await service.gate.run(
                pixels: 0,
                { _ throws(RequestError) in
                    try service.serving { () throws(ServingError) in
                        try drawer.storedTile(source: source, tile.id, fileExtension: ext)
                    }
                })
            guard let bytes, let raster = service.data.storedRasters[source] else {
                throw RequestError("tile", "\(source.prefix(64)) has no tile \(tile.id)", status: 404)
            }
            return MeridianServer.deliver(bytes, type: raster.mediaType, request: request, service: service)
        }
    }
}
