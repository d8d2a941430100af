import MeridianGeometry

/// A frame's building prisms as one drawing operation (``DrawOp/prisms(_:)``): every wall quad and
/// roof ring in one point buffer, each drawn in order as its own fill (walls) or fill and outline
/// (roofs), exactly as one operation each would draw them.
///
/// Thousands of walls at a tilted z17 view cost one recorded operation instead of one each (no path
/// or array made per wall).
struct PrismBatch {
    enum Kind: UInt8 { case wall, roof }
    struct Item {
        let kind: Kind
        /// Indices into ``ends``: the item's rings.
        let parts: Range<Int>
        let color: RGBA
    }
    /// Every ring's points, in order.
    var points: [ScreenPoint] = []
    /// The end (exclusive index into ``points``) of each ring.
    var ends: [Int] = []
    var items: [Item] = []

    /// Roof outlines: this wide, in the roof's colour darkened (``Extrusion/outline(_:)``).
    static let outlineWidth = 0.6

    var isEmpty: Bool { items.isEmpty }

    mutating func wall(_ a: ScreenPoint, _ b: ScreenPoint, _ c: ScreenPoint, _ d: ScreenPoint, _ color: RGBA) {
        points.append(a)
        points.append(b)
        points.append(c)
        points.append(d)
        ends.append(points.count)
        items.append(Item(kind: .wall, parts: ends.count - 1..<ends.count, color: color))
    }

    mutating func roof(_ rings: [[ScreenPoint]], _ color: RGBA) {
        let first = ends.count
        for ring in rings {
            points.append(contentsOf: ring)
            ends.append(points.count)
        }
        items.append(Item(kind: .roof, parts: first..<ends.count, color: color))
    }

    /// Where an item's first ring starts in ``points``.
    func start(of item: Item) -> Int { item.parts.lowerBound == 0 ? 0 : ends[item.parts.lowerBound - 1] }

    /// An item's rings as their own parts (for Cairo, which draws one item at a time).
    func polylines(_ item: Item) -> Polylines {
        var out = Polylines()
        var from = start(of: item)
        for k in item.parts {
            out.append(points[from..<ends[k]])
            from = ends[k]
        }
        return out
    }
}
