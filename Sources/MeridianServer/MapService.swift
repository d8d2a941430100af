import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianRender
import MeridianStyle
import MeridianTiles
import NIOConcurrencyHelpers

/// What the server draws with: the data folder, the style of each map type (or one custom
/// style for all), a pool of render workers (each with its own SQLite connections and tile
/// cache, used by one request at a time) and a bounded cache of finished PNGs by request.
/// Safe to share between requests.
public final class MapService: Sendable {
    public let dataFolder: String
    /// The data's VERSION stamp (part of every ETag).
    public let dataVersion: String
    let styles: [String: Style]
    let workers = NIOLockedValueBox<[RenderWorker]>([])
    let responses = NIOLockedValueBox(ResponseCache(capacity: 64 << 20))

    /// - Parameters:
    ///   - dataFolder: the folder of the default dataset (scripts/build-data.sh).
    ///   - style: a style document used for every map type instead of the shipped ones.
    /// - Throws: ``RequestError`` (parameter `data` or `style`) when the folder lacks the data
    ///   or the style does not parse.
    public init(dataFolder: String, style customStyle: Style? = nil) throws(RequestError) {
        self.dataFolder = dataFolder
        guard FileManager.default.fileExists(atPath: dataFolder + "/helsinki.mbtiles") else {
            throw RequestError("data", "\(dataFolder) has no helsinki.mbtiles: run scripts/build-data.sh or pass --data", status: 500)
        }
        dataVersion = (try? String(contentsOfFile: dataFolder + "/VERSION", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "0"
        var styles: [String: Style] = [:]
        for type in DefaultStyles.mapTypes {
            if let customStyle { styles[type] = customStyle; continue }
            do { styles[type] = try Style(json: Data(DefaultStyles.document(forMapType: type)!.utf8)) } catch {
                throw RequestError("style", "the shipped \(type) style does not parse: \(error)", status: 500)
            }
        }
        self.styles = styles
    }

    /// Runs `body` with a worker of its own (taken from the pool, or a new one).
    func withWorker<T>(_ body: (RenderWorker) throws -> T) throws -> T {
        let worker = workers.withLockedValue { $0.popLast() } ?? RenderWorker(folder: dataFolder)
        defer { workers.withLockedValue { $0.append(worker) } }
        return try body(worker)
    }

    /// A PNG of `viewport` in a map type, with overlays; from the response cache when the
    /// same `key` was drawn before.
    /// - Throws: ``RequestError`` (500) when the data cannot be read or drawing fails.
    func png(key: String, mapType: String, viewport: Viewport, overlays: [Overlay], scale: Int, credit: Bool = true) throws(RequestError) -> [UInt8] {
        if let hit = responses.withLockedValue({ $0.value(for: key) }) { return hit }
        let png = try draw(mapType: mapType, viewport: viewport, overlays: overlays, scale: Double(scale), credit: credit)
        responses.withLockedValue { $0.insert(png, for: key) }
        return png
    }

    /// A PNG drawn by a pooled worker (no response cache).
    /// - Throws: ``RequestError`` for an unknown map type, or (500) when drawing fails.
    func draw(mapType: String, viewport: Viewport, overlays: [Overlay], scale: Double, credit: Bool = true) throws(RequestError) -> [UInt8] {
        guard let style = styles[mapType] else { throw RequestError("maptype", "unknown map type \(mapType)") }
        do {
            return try withWorker { worker in
                var renderer = MapRenderer(style: style)
                if !credit { renderer.attribution = "" }
                return try renderer.render(viewport, sources: try worker.sources(for: style), overlays: overlays, scale: scale, cache: worker.cache).png
            }
        } catch { throw RequestError("map", "drawing failed: \(error)", status: 500) }
    }
}

/// One request's drawing tools: SQLite connections by file and a decoded-tile cache. Used by
/// one request at a time (the pool hands it out), hence unchecked Sendable.
final class RenderWorker: @unchecked Sendable {
    let folder: String
    var open: [String: MBTiles] = [:]
    let cache = RenderCache(capacityPerSource: 32 << 20)

    init(folder: String) { self.folder = folder }

    /// The style's sources by name; a missing optional file (coast, imagery) draws nothing.
    func sources(for style: Style) throws -> [String: MBTiles] {
        var out: [String: MBTiles] = [:]
        for (name, source) in style.sources { out[name] = try database(source.file) }
        return out
    }
}

/// Finished PNGs by request key, least recently used out first, bounded in bytes.
struct ResponseCache {
    let capacity: Int
    var entries: [String: (png: [UInt8], stamp: UInt64)] = [:]
    var bytes = 0
    var clock: UInt64 = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func value(for key: String) -> [UInt8]? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.png, clock)
        return entry.png
    }

    mutating func insert(_ png: [UInt8], for key: String) {
        guard png.count <= capacity / 8 else { return }
        clock += 1
        if let old = entries.updateValue((png, clock), forKey: key) { bytes -= old.png.count }
        bytes += png.count
        while bytes > capacity, let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp }) {
            entries.removeValue(forKey: oldest.key)
            bytes -= oldest.value.png.count
        }
    }
}
