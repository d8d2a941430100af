import Foundation
import MeridianCamera
import MeridianRender
import MeridianStyle
import MeridianTiles

extension ServedData {
    /// Loads what `folder` serves: the style of each map type (`style` for all of them when
    /// given), the sources each opens, the vector sources and stored rasters, the sprite, the
    /// home camera and what loading left out.
    /// - Parameters:
    ///   - folder: the folder the styles' sources are read from (`meridian data`).
    ///   - customStyle: a style document used for every map type instead of the shipped ones.
    /// - Throws: ``ServingError/data(_:)`` when a tileset in the folder is unreadable or corrupt,
    ///   or a shipped style does not parse; ``ServingError/style(_:)`` when a source of `customStyle`
    ///   has no data. The shipped styles' missing sources are not errors: they are listed in
    ///   ``warnings``.
    public init(folder: DataFolder, style customStyle: Style? = nil) throws(ServingError) {
        var styles: [MapType: Style] = [:]
        for type in MapType.allCases {
            if let customStyle {
                styles[type] = customStyle
                continue
            }
            do { styles[type] = try Style(json: Data(type.document.utf8)) } catch {
                throw .data("the shipped \(type) style does not parse: \(error)")
            }
        }
        // What a style leaves out, once per style (the shipped ones leave out nothing).
        var warnings = customStyle.map { StyleWarning.summary($0.warnings) } ?? []
        var vector: [String: VectorSourceInfo] = [:]
        var detailed: TilesetInfo?
        var primary: String?
        var found: [MapType: Set<String>] = [:]
        var files: [String: StyleValue] = [:]
        for type in MapType.allCases {
            let opened: MapSources
            do { opened = try MapSources(style: styles[type]!, folder: folder) } catch { throw .data("\(error)") }
            // A style the user gives must find every source; the shipped styles draw what the folder has.
            if customStyle != nil {
                do { try opened.requireEverySource() } catch { throw .style(error.description) }
            }
            warnings += opened.warnings.filter { !warnings.contains($0) }
            found[type] = Set(opened.sources.keys)
            guard type == .normal else { continue }
            for (name, source) in opened.sources {
                guard case .reference? = styles[type]!.sources[name]?.geojson?.data,
                    let tileset = source.tilesets.first as? GeoJSONTileset
                else { continue }
                files[name] = tileset.document
            }
            for (name, source) in opened.sources where styles[type]!.sources[name]?.kind == .vector {
                vector[name] = VectorSourceInfo(
                    zoomRange: source.zoomRange ?? 0...14, attribution: source.attributions.joined(separator: " · "),
                    tilesets: source.tilesets.map(\.info))
                for info in source.tilesets.map(\.info)
                where (info.bounds != nil || info.center != nil) && Self.moreDetailed(info, than: detailed) {
                    (detailed, primary) = (info, name)
                }
            }
        }
        self.folder = folder
        self.styles = styles
        self.customStyle = customStyle
        dataVersion =
            (try? String(contentsOfFile: folder.path + "/VERSION", encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines) ?? "0"
        readsHTTP = !folder.remote.isEmpty || styles.values.contains { $0.sources.values.contains(where: \.readsHTTP) }
        spriteFile =
            if let style = customStyle {
                style.sprites.lazy.compactMap { StyleImages.path(of: $0, style: style, folders: folder.paths) }.first
            } else { folder.path + "/" + Self.spritePath }
        (self.warnings, vectorSources, geojsonFiles, primarySource, self.found) = (
            warnings, vector, files, primary, found
        )
        home = customStyle?.camera.flatMap(Self.home) ?? Self.home(detailed)
        storedRasters = Self.storedRasters(in: folder, besides: Set(vector.keys))
    }
}
