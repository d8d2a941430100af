import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// A style's `image` source: one PNG pinned to the ground by its four corners, drawn by the
/// raster layers that name it (at `raster-opacity`).
///
/// As MapLibre maps it: the image's corners go to the four points in the Web Mercator plane, the
/// image split along its top-right to bottom-left diagonal into two triangles, each mapped
/// affinely there (so a quad that is not a parallelogram bends along that diagonal, as in
/// MapLibre). Drawn through the camera as a 16 × 16 grid of cells under tilt (over the part of
/// the image the view reaches; one cell flat), each corner through the full perspective.
final class PlacedImage: @unchecked Sendable {
    let image: RasterImage
    /// Top left, top right, bottom right, bottom left, normalised Mercator.
    let corners: [MercatorPoint]

    /// Most bytes an image source's file or document may have: 64 MiB.
    static let maxBytes = 64 << 20

    /// Reads the source's image: a path relative to `base` (the style's folder), then to each of
    /// `folders`, a `file://` URL, or an `http(s)://` URL fetched through `access` (a data
    /// folder's reader); PNG only (the image format Cairo reads).
    /// - Throws: `TileError.corrupt` naming the file when it is not a
    ///   PNG Cairo reads, or is larger than `RasterImage`'s bounds; nil (named as missing by the
    ///   caller) for an image on HTTP without `access` or whose server cannot be read, or a file
    ///   that is not there.
    static func read(
        _ source: Style.Source, name: String, base: String?, folders: [String], access: (any RemoteAccess)? = nil
    ) throws(TileError) -> PlacedImage? {
        let url = source.url
        guard let corners = source.corners, corners.count == 4 else { return nil }
        let bytes: [UInt8]
        let file: String
        if url.hasPrefix("http://") || url.hasPrefix("https://") {
            guard let fetched = try? access?.document(url, maxBytes: Self.maxBytes) else { return nil }
            (bytes, file) = (fetched, url)
        } else {
            let path = url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url
            let candidates = path.hasPrefix("/") ? [path] : ([base ?? "."] + folders).map { $0 + "/" + path }
            guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }),
                let size = (try? FileManager.default.attributesOfItem(atPath: found)[.size] as? NSNumber)?.intValue
            else { return nil }
            guard size <= Self.maxBytes, let data = FileManager.default.contents(atPath: found) else {
                throw .corrupt(path: found, reason: "image source \(name): larger than 64 MiB or unreadable")
            }
            (bytes, file) = ([UInt8](data), found)
        }
        do {
            let image = try RasterImage(png: bytes, named: "image source \(name) (\(file))")
            return PlacedImage(
                image: image,
                corners: corners.map { WebMercator.project(Coordinate(latitude: $0[1], longitude: $0[0])) })
        } catch {
            throw .corrupt(path: file, reason: "\(error)")
        }
    }

    init(image: RasterImage, corners: [MercatorPoint]) { (self.image, self.corners) = (image, corners) }

    /// The ground point of image position (`u`, `v`) in 0…1: affine in each of the two triangles.
    func world(_ u: Double, _ v: Double) -> MercatorPoint {
        let (tl, tr, br, bl) = (corners[0], corners[1], corners[2], corners[3])
        if u + v <= 1 {
            return MercatorPoint(
                x: tl.x + u * (tr.x - tl.x) + v * (bl.x - tl.x), y: tl.y + u * (tr.y - tl.y) + v * (bl.y - tl.y))
        }
        let (a, b) = (1 - u, 1 - v)
        return MercatorPoint(
            x: br.x + a * (bl.x - br.x) + b * (tr.x - br.x), y: br.y + a * (bl.y - br.y) + b * (tr.y - br.y))
    }

    /// The image position of a ground point (each triangle's map inverted); nil for a
    /// degenerate quad.
    func imagePosition(_ p: MercatorPoint) -> (u: Double, v: Double)? {
        func solve(_ o: MercatorPoint, _ a: MercatorPoint, _ b: MercatorPoint) -> (Double, Double)? {
            let (ax, ay, bx, by) = (a.x - o.x, a.y - o.y, b.x - o.x, b.y - o.y)
            let det = ax * by - ay * bx
            guard det != 0, det.isFinite else { return nil }
            let (px, py) = (p.x - o.x, p.y - o.y)
            return ((px * by - py * bx) / det, (ax * py - ay * px) / det)
        }
        let (tl, tr, br, bl) = (corners[0], corners[1], corners[2], corners[3])
        guard let (u, v) = solve(tl, tr, bl) else { return nil }
        if u + v <= 1 { return (u, v) }
        guard let (a, b) = solve(br, bl, tr) else { return nil }
        return (1 - a, 1 - b)
    }

    /// Draws the image at `opacity` (0…1), `nearest`-neighbour sampled or bilinearly, its colours
    /// adjusted by `colors`.
    func draw(opacity: Double, nearest: Bool = false, colors: RasterColors = .identity, in frame: FrameContext) {
        let viewport = frame.viewport
        let grid = frame.isTilted ? 16 : 1
        // Under tilt, the grid covers only the part of the image the visible ground reaches (its
        // corners in image positions, widened by a tenth), so a large image seen close up still
        // has cells of a few pixels; a flat view keeps the two triangles whole (one cell, split on
        // its top-right to bottom-left diagonal).
        var (u0, u1, v0, v1) = (0.0, 1.0, 0.0, 1.0)
        if frame.isTilted {
            let seen = viewport.visibleRegion.corners.compactMap { imagePosition(WebMercator.project($0)) }
            if seen.count == 4 {
                let (us, vs) = (seen.map(\.u), seen.map(\.v))
                let (du, dv) = ((us.max()! - us.min()!) / 10, (vs.max()! - vs.min()!) / 10)
                (u0, u1) = (max(0, us.min()! - du), min(1, us.max()! + du))
                (v0, v1) = (max(0, vs.min()! - dv), min(1, vs.max()! + dv))
                guard u0 < u1, v0 < v1 else { return }
            }
        }
        let us = (0...grid).map { u0 + (u1 - u0) * Double($0) / Double(grid) }
        let vs = (0...grid).map { v0 + (v1 - v0) * Double($0) / Double(grid) }
        // Moved as raster tiles are, so the image's pixels fall on the screen's (MapLibre draws
        // image sources through its aligned projection too).
        let align = RasterPainter.pixelAlignment(viewport)
        let adjusted = colors.adjusted(image)
        for copy in copies(in: viewport) {
            RasterPainter.cells(
                adjusted, us: us, vs: vs, splitTopRight: true, opacity: opacity, nearest: nearest, in: frame
            ) { u, v in
                let p = world(u, v)
                return MercatorPoint(x: p.x + Double(copy) + align.x, y: p.y + align.y)
            }
        }
    }

    /// The world copies (whole worlds added) the image is drawn in (``WorldCopies``): flat, each
    /// whose span of the plane meets the view's (at most 16), as MapLibre draws an image source in
    /// every copy; tilted, the copy nearest the camera's target.
    func copies(in viewport: Viewport) -> [Int] {
        let xs = corners.map(\.x)
        guard let lo = xs.min(), let hi = xs.max(), lo.isFinite, hi.isFinite else { return [0] }
        return WorldCopies.copies(
            spanning: lo, hi, target: viewport.targetWorld.x, extent: WorldCopies.extent(viewport))
    }
}
