import MeridianGeometry

/// The parts of a path (lines or rings) in one buffer: every point in order, and where each part
/// ends.
///
/// What a frame hands to Cairo, built without an array per part.
struct Polylines {
    var points: [ScreenPoint] = []
    /// The end (exclusive index into ``points``) of each part.
    var ends: [Int] = []

    init() {}

    init(_ parts: [[ScreenPoint]]) {
        for part in parts { append(part) }
    }

    var isEmpty: Bool { ends.isEmpty }

    mutating func append<C: Collection<ScreenPoint>>(_ part: C) {
        points.append(contentsOf: part)
        ends.append(points.count)
    }

    mutating func append(contentsOf other: Polylines) {
        let base = points.count
        let first = ends.count
        points.append(contentsOf: other.points)
        ends.append(contentsOf: other.ends.lazy.map { $0 + base })
        units.append(contentsOf: other.units.lazy.map { $0 + first })
    }

    /// Where a new unit starts (a part index, ascending, none 0): the parts between two starts
    /// (a feature's) are stroked as one path, each unit laid over the ones before
    /// (``RasterTarget/stroke(_:_:width:closed:style:)``). Without any, each part is its own unit.
    private(set) var units: [Int] = []

    /// Appends `other` as a unit of its own: what comes after it begins another.
    mutating func append(unit other: Polylines) {
        if !ends.isEmpty, units.last != ends.count { units.append(ends.count) }
        append(contentsOf: other)
        if units.isEmpty { units.append(ends.count) }
    }

    /// The ranges of parts stroked as one path each (see ``units``).
    var unitRanges: [Range<Int>] {
        guard !units.isEmpty else { return ends.indices.map { $0..<($0 + 1) } }
        var out: [Range<Int>] = []
        var start = 0
        for u in units + [ends.count] where u > start && u <= ends.count {
            out.append(start..<u)
            start = u
        }
        return out
    }

    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        units.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each part's points.
    func forEachPart(_ body: (UnsafeBufferPointer<ScreenPoint>) -> Void) {
        points.withUnsafeBufferPointer { all in
            var start = 0
            for end in ends {
                body(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }
}
