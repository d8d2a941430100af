import Foundation

/// One source of a style: every tileset of the data folder that feeds it, in drawing order
/// (e.g. the imported regions of `openmaptiles/`). A tile is read from each tileset that has
/// it, so regions sit beside each other; each tileset keeps its own zoom range (over-zoomed
/// past its last zoom on its own). Holds open files: one per thread or task.
public struct TileSource {
    /// The source's name in the style.
    public let name: String
    public let tilesets: [any Tileset]

    public init(name: String, tilesets: [any Tileset]) { (self.name, self.tilesets) = (name, tilesets) }

    /// The credits the tilesets declare, each once, in order (an attribution of several
    /// credits joined by " · " counts as those credits).
    public var attributions: [String] {
        var seen: Set<String> = [], out: [String] = []
        for declared in tilesets.compactMap(\.info.attribution) {
            for part in declared.components(separatedBy: " · ") {
                let line = part.trimmingCharacters(in: .whitespaces)
                if !line.isEmpty && seen.insert(line).inserted { out.append(line) }
            }
        }
        return out
    }

    /// The zooms any tileset has (the smallest range holding all of them); nil when none declares one.
    public var zoomRange: ClosedRange<Int>? {
        let ranges = tilesets.compactMap(\.zoomRange)
        guard let lo = ranges.map(\.lowerBound).min(), let hi = ranges.map(\.upperBound).max() else { return nil }
        return lo...hi
    }
}
