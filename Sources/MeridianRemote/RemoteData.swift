import AsyncHTTPClient
import Foundation
import MeridianTiles
import NIOConcurrencyHelpers
import NIOCore

/// `--data` naming data on an HTTP server, which render nodes share instead of each keeping a
/// copy: one PMTiles archive (`http://host/path/helsinki.pmtiles`: the region `helsinki` of
/// `openmaptiles`, as an imported extract), or a manifest, a JSON list of archive URLs (a `.json`
/// over HTTP or in a local file; entries relative to a remote manifest are resolved against it).
/// An entry's place in the data folder is its path under the entries' common folder, so a server
/// holding a copy of a data folder's layout (`openmaptiles/helsinki.pmtiles`, `world.pmtiles`…)
/// is listed as it is; a lone entry is its file name's place (or a region, for one `.pmtiles`;
/// an offline region of `meridian data extract` is read as its local file is: every packed source).
public enum RemoteData {
    /// The most bytes a manifest may have.
    static let maxManifestBytes = 1 << 20

    /// Whether `given` names remote data: an `http(s)://` URL, or a local `.json` manifest.
    public static func isRemote(_ given: String) -> Bool {
        DataFolder.isRemote(given)
            || (given.lowercased().hasSuffix(".json") && FileManager.default.fileExists(atPath: given))
    }

    /// The data folder `given` names (its archives as `DataFolder.remote`, its path
    /// `remote:` and the name, where no file is found), read once per reader, reading through
    /// `reader`.
    /// - Throws: `TileError.unavailable` when a remote manifest cannot
    ///   be fetched; `TileError.badTileJSON` for a manifest that is not a list of URLs.
    public static func folder(_ given: String, reader: RemoteReader) throws(TileError) -> DataFolder {
        if let kept = reader.folders.withLockedValue({ $0[given] }) { return kept }
        let resolved = reader.folders
        let urls: [String]
        if given.lowercased().split(separator: "?").first?.hasSuffix(".pmtiles") == true {
            // An offline region (`meridian data extract`) is read as its local file is: the
            // folder's path is the archive (MapSources opens its packed sources).
            if try PackedSource.sources(of: reader.archive(given)) != nil {
                let folder = DataFolder(path: given, access: reader)
                resolved.withLockedValue { $0[given] = folder }
                return folder
            }
            let name = ((URL(string: given)?.lastPathComponent ?? "region") as NSString).deletingPathExtension
            let folder = DataFolder(
                path: Self.path(given), remote: ["openmaptiles/\(name).pmtiles": given], access: reader)
            resolved.withLockedValue { $0[given] = folder }
            return folder
        } else if DataFolder.isRemote(given) {
            urls = try entries(try fetch(given, client: reader.context.client), from: given).map {
                absolute($0, base: given)
            }
        } else {
            guard let data = FileManager.default.contents(atPath: given), data.count <= maxManifestBytes else {
                throw .badTileJSON(path: given, reason: "cannot be read as a manifest of at most 1 MiB")
            }
            urls = try entries([UInt8](data), from: given)
        }
        guard urls.allSatisfy(DataFolder.isRemote) else {
            throw .badTileJSON(path: given, reason: "lists an entry that is not an http(s) URL")
        }
        let folder = DataFolder(path: Self.path(given), remote: places(urls), access: reader)
        resolved.withLockedValue { $0[given] = folder }
        return folder
    }

    /// The path of the data folder of `given`: `remote:` and it (no local file or folder is there:
    /// a local manifest is not mistaken for an offline region).
    static func path(_ given: String) -> String { "remote:" + given }

    /// The entries of a manifest: a JSON array of strings.
    static func entries(_ bytes: [UInt8], from name: String) throws(TileError) -> [String] {
        guard let list = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String], !list.isEmpty,
            list.count <= 10_000
        else { throw .badTileJSON(path: name, reason: "is not a manifest: a JSON list of 1 to 10 000 archive URLs") }
        return list
    }

    /// `entry` resolved against the manifest's URL `base` (an absolute URL as it is).
    static func absolute(_ entry: String, base: String) -> String {
        DataFolder.isRemote(entry) ? entry : URL(string: entry, relativeTo: URL(string: base))?.absoluteString ?? entry
    }

    /// Each URL by its place: its path under the URLs' common folder (a lone URL: its file name).
    static func places(_ urls: [String]) -> [String: String] {
        let folders = urls.map { url -> [Substring] in
            let path = URL(string: url)?.path ?? url
            return path.split(separator: "/").dropLast()
        }
        var common = folders.first ?? []
        for f in folders.dropFirst() { common = Array(zip(common, f).prefix { $0 == $1 }.map(\.0)) }
        var out: [String: String] = [:]
        for url in urls {
            let parts = (URL(string: url)?.path ?? url).split(separator: "/")
            out[parts.dropFirst(common.count).joined(separator: "/")] = url
        }
        return out
    }

    /// A document over HTTP (a manifest, a TileJSON, a GeoJSON source's data), at most
    /// `maxBytes` (``maxManifestBytes`` by default; a longer body is cut off and refused), within
    /// ``RemoteArchive/requestSeconds``, through `client`.
    static func fetch(
        _ url: String, client: HTTPClient, maxBytes: Int = maxManifestBytes
    ) throws(TileError)
        -> [UInt8]
    {
        do {
            let request = try HTTPClient.Request(url: url, method: .GET)
            let response = try client.execute(
                request: request, delegate: ResponseAccumulator(request: request, maxBodySize: max(0, maxBytes)),
                deadline: NIODeadline.now() + TimeAmount.seconds(RemoteArchive.requestSeconds)
            ).wait()
            guard response.status.code == 200 else {
                throw TileError.unavailable(url: url, reason: "HTTP \(response.status.code)", retryAfter: 1)
            }
            return response.body.map { Array($0.readableBytesView) } ?? []
        } catch let error as TileError { throw error } catch {
            throw .unavailable(url: url, reason: "\(error)", retryAfter: 1)
        }
    }
}
