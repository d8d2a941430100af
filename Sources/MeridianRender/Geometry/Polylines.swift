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
        points.append(contentsOf: other.points)
        ends.append(contentsOf: other.ends.lazy.map { $0 + base })
    }

    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
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
