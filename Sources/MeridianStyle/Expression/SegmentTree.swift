/// Segments (in degrees) in a hierarchy of bounding boxes, halves of the list down to leaves of
/// ``leafSize``, so that `distance`'s searches visit a logarithmic share of them instead of every
/// pair (as MapLibre indexes the geometries it measures): the nearest segment to a point, the
/// nearest pair between two trees (0 where two segments cross), and whether a point lies in the
/// polygons whose edges the tree holds (edges included).
///
/// A point is a segment of no length. Each segment has an owner (the polygon it bounds), so one
/// tree holds many polygons and containment keeps each one's parity.
struct SegmentTree: Sendable {
    typealias Position = Distance.Position

    struct Box: Sendable {
        var minLon = Double.infinity, minLat = Double.infinity
        var maxLon = -Double.infinity, maxLat = -Double.infinity

        mutating func add(_ p: Position) {
            (minLon, minLat) = (min(minLon, p.lon), min(minLat, p.lat))
            (maxLon, maxLat) = (max(maxLon, p.lon), max(maxLat, p.lat))
        }

        mutating func add(_ b: Box) {
            (minLon, minLat) = (min(minLon, b.minLon), min(minLat, b.minLat))
            (maxLon, maxLat) = (max(maxLon, b.maxLon), max(maxLat, b.maxLat))
        }

        /// Metres between the nearest points of two boxes under `ruler`, never more than between
        /// any two points in them (longitudes folded as the ruler folds them; a box that is not
        /// finite is 0 away).
        func gap(_ other: Box, _ ruler: CheapRuler) -> Double {
            let lat = max(0, minLat - other.maxLat, other.minLat - maxLat)
            // The differences of longitude run over [d0, d1]; the ruler folds each to its distance
            // from the nearest multiple of 360.
            let (d0, d1) = (minLon - other.maxLon, maxLon - other.minLon)
            var lon = 0.0
            if d0.isFinite, d1.isFinite {
                let k = (d0 / 360).rounded(.up)
                if 360 * k > d1 { lon = min(d0 - 360 * (k - 1), 360 * k - d1) }
            }
            guard lat.isFinite else { return 0 }
            return ((lon * ruler.kx) * (lon * ruler.kx) + (lat * ruler.ky) * (lat * ruler.ky)).squareRoot()
        }
    }

    struct Node: Sendable {
        let box: Box
        let lo: Int, hi: Int
        /// Children's indices in ``nodes``; -1 for a leaf.
        let left: Int, right: Int
    }

    let starts: [Position], ends: [Position]
    let owners: [Int]
    private(set) var nodes: [Node] = []
    static let leafSize = 16

    /// A tree of `segments`, each with the owner of the same index (0 when `owners` is empty).
    init(_ segments: [(Position, Position)], owners: [Int] = []) {
        starts = segments.map(\.0)
        ends = segments.map(\.1)
        self.owners = owners.isEmpty ? Array(repeating: 0, count: segments.count) : owners
        if !segments.isEmpty { _ = build(0, segments.count) }
    }

    var isEmpty: Bool { starts.isEmpty }

    /// The box of segment `i`: the whole circle of longitudes for a segment the ruler takes
    /// across ±180° (its nearest points may lie outside its ends' span).
    func box(_ i: Int) -> Box {
        var b = Box()
        b.add(starts[i])
        b.add(ends[i])
        if abs(ends[i].lon - starts[i].lon) > 180 { (b.minLon, b.maxLon) = (-.infinity, .infinity) }
        return b
    }

    private mutating func build(_ lo: Int, _ hi: Int) -> Int {
        var box = Box()
        for i in lo..<hi { box.add(self.box(i)) }
        guard hi - lo > Self.leafSize else {
            nodes.append(Node(box: box, lo: lo, hi: hi, left: -1, right: -1))
            return nodes.count - 1
        }
        let mid = (lo + hi) / 2
        let (left, right) = (build(lo, mid), build(mid, hi))
        nodes.append(Node(box: box, lo: lo, hi: hi, left: left, right: right))
        return nodes.count - 1
    }

    /// The root's index (the last node built).
    var root: Int { nodes.count - 1 }

    /// Metres from `p` to the nearest segment, or `best` when none is nearer.
    func nearest(to p: Position, _ ruler: CheapRuler, below best: Double = .infinity) -> Double {
        guard !isEmpty else { return best }
        var point = Box()
        point.add(p)
        var best = best
        func visit(_ n: Int) {
            let node = nodes[n]
            guard node.box.gap(point, ruler) < best else { return }
            if node.left < 0 {
                for i in node.lo..<node.hi { best = min(best, ruler.pointToSegment(p, starts[i], ends[i])) }
                return
            }
            let (l, r) = (nodes[node.left].box.gap(point, ruler), nodes[node.right].box.gap(point, ruler))
            if l <= r {
                visit(node.left)
                visit(node.right)
            } else {
                visit(node.right)
                visit(node.left)
            }
        }
        visit(root)
        return best
    }

    /// Metres between the nearest segments of this tree and `other` (0 where two cross), or
    /// `best` when none are nearer.
    func nearest(to other: SegmentTree, _ ruler: CheapRuler, below best: Double = .infinity) -> Double {
        guard !isEmpty, !other.isEmpty else { return best }
        var best = best
        func visit(_ a: Int, _ b: Int) {
            guard best > 0 else { return }
            let (x, y) = (nodes[a], other.nodes[b])
            guard x.box.gap(y.box, ruler) < best else { return }
            if x.left < 0, y.left < 0 {
                for i in x.lo..<x.hi {
                    for j in y.lo..<y.hi {
                        let (p1, p2, q1, q2) = (starts[i], ends[i], other.starts[j], other.ends[j])
                        if CheapRuler.crosses(p1, p2, q1, q2) {
                            best = 0
                            return
                        }
                        best = min(best, ruler.segmentToSegment(p1, p2, q1, q2))
                    }
                }
            } else if y.left < 0 || (x.left >= 0 && x.hi - x.lo >= y.hi - y.lo) {
                // The nearer half first: a small best found early prunes the farther one.
                let (l, r) = (nodes[x.left].box.gap(y.box, ruler), nodes[x.right].box.gap(y.box, ruler))
                if l <= r {
                    visit(x.left, b)
                    visit(x.right, b)
                } else {
                    visit(x.right, b)
                    visit(x.left, b)
                }
            } else {
                let (l, r) = (x.box.gap(other.nodes[y.left].box, ruler), x.box.gap(other.nodes[y.right].box, ruler))
                if l <= r {
                    visit(a, y.left)
                    visit(a, y.right)
                } else {
                    visit(a, y.right)
                    visit(a, y.left)
                }
            }
        }
        visit(root, other.root)
        return best
    }

    /// Whether `p` lies in one of the polygons whose edges (closing ones included) the tree
    /// holds, by each owner's crossings of the ray east of it; a point on an edge is in.
    func contains(_ p: Position) -> Bool {
        guard !isEmpty else { return false }
        var inside: Set<Int> = []
        var onEdge = false
        func visit(_ n: Int) {
            let node = nodes[n]
            guard !onEdge, node.box.minLat <= p.lat, node.box.maxLat >= p.lat, node.box.maxLon >= p.lon else {
                return
            }
            guard node.left < 0 else {
                visit(node.left)
                visit(node.right)
                return
            }
            for i in node.lo..<node.hi {
                let (a, b) = (starts[i], ends[i])
                let (x1, y1, x2, y2) = (p.lon - a.lon, p.lat - a.lat, p.lon - b.lon, p.lat - b.lat)
                if x1 * y2 - x2 * y1 == 0, x1 * x2 <= 0, y1 * y2 <= 0 {
                    onEdge = true
                    return
                }
                if (a.lat > p.lat) != (b.lat > p.lat),
                    p.lon < (b.lon - a.lon) * (p.lat - a.lat) / (b.lat - a.lat) + a.lon
                {
                    if !inside.insert(owners[i]).inserted { inside.remove(owners[i]) }
                }
            }
        }
        visit(root)
        return onEdge || !inside.isEmpty
    }

    /// The segments of a line (its consecutive positions; a lone position is a point).
    static func segments(ofLine line: [Position]) -> [(Position, Position)] {
        line.count == 1 ? [(line[0], line[0])] : Array(zip(line, line.dropFirst()))
    }
}
