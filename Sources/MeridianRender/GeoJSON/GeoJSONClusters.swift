import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// The point clusters of a GeoJSON source with `cluster: true`, per zoom, made as MapLibre makes
/// them (supercluster's greedy pass): from `clusterMaxZoom` + 1 (every point alone) down to 0,
/// each zoom takes the items of the zoom below it in order; an item not yet taken gathers every
/// untaken item within `clusterRadius` pixels (512ths of a tile at that zoom) and, when they hold
/// at least `clusterMinPoints` points together, becomes a cluster at their weighted centre
/// (else it and they stay single at that zoom).
///
/// A cluster's properties are MapLibre's: `cluster: true`, `cluster_id`, `point_count`,
/// `point_count_abbreviated` ("1.2k", "15k"), and each of `clusterProperties` (its map
/// expression evaluated on each point, reduced pairwise by its operator, or by its reduce
/// expression with `["accumulated"]`); its feature id is its `cluster_id`. Zooms are the style's.
struct GeoJSONClusters: Sendable {
    /// One point or cluster at a zoom.
    struct Item: Sendable {
        var x: Double, y: Double
        var count: Int
        /// The point's feature (points) or nil (clusters).
        var feature: GeoJSONFeature?
        var id: UInt64
        /// The clusterProperties' values so far (for a point, its mapped values).
        var aggregates: [String: StyleValue]
    }

    /// The features of each zoom, 0 … maxZoom: its points and clusters, then the source's lines and
    /// polygons (made once: every tile of a zoom cuts from them).
    private(set) var zooms: [[GeoJSONFeature]] = []
    let maxZoom: Int

    /// Clusters the point features of `features` (a MultiPoint's points each alone).
    init(_ features: [GeoJSONFeature], options: GeoJSONOptions) {
        maxZoom = Int(options.clusterMaxZoom)
        let aggregates = Self.aggregates(options.clusterProperties)
        var items: [Item] = []
        for f in features where f.type == .point {
            for part in f.parts {
                var one = f
                one.parts = [part]
                one.box = (part[0].x, part[0].y, part[0].x, part[0].y)
                let props = f.properties.mapValues(\.styleValue)
                let mapped = aggregates.mapValues { $0.map.evaluate(props, zoom: 0) }
                items.append(
                    Item(x: part[0].x, y: part[0].y, count: 1, feature: one, id: 0, aggregates: mapped))
            }
        }
        var levels = [[Item]](repeating: [], count: maxZoom + 2)
        levels[maxZoom + 1] = items
        var next = UInt64(1)
        for z in stride(from: maxZoom, through: 0, by: -1) {
            levels[z] = Self.cluster(
                levels[z + 1], radius: options.clusterRadius / (512 * Double(1 << z)),
                minPoints: Int(options.clusterMinPoints), aggregates: aggregates, nextID: &next)
        }
        let others = features.filter { $0.type != .point }
        zooms = levels.prefix(maxZoom + 1).map { $0.map(Self.feature) + others }
    }

    /// A clusterProperties entry: the reduce expression (over `["accumulated"]` and the other
    /// item's value read with `["get", name]`) and the map expression.
    struct Aggregate: Sendable {
        let reduce: StyleExpression, map: StyleExpression
    }

    static func aggregates(_ raw: [String: StyleValue]) -> [String: Aggregate] {
        var out: [String: Aggregate] = [:]
        for (name, value) in raw {
            guard case let .array(pair) = value, pair.count == 2 else { continue }
            let reduce: StyleValue =
                if let op = pair[0].string {
                    .array([.string(op), .array([.string("accumulated")]), .array([.string("get"), .string(name)])])
                } else {
                    pair[0]
                }
            guard let r = try? StyleExpression.compile(reduce), let m = try? StyleExpression.compile(pair[1]) else {
                continue
            }
            out[name] = Aggregate(reduce: r, map: m)
        }
        return out
    }

    /// One zoom's items from the zoom below's.
    static func cluster(
        _ items: [Item], radius r: Double, minPoints: Int, aggregates: [String: Aggregate], nextID: inout UInt64
    ) -> [Item] {
        // Below 1e-15 of the world (40 nm) nothing is clustered: the cells below would pass Int's
        // range (a clusterRadius of 1e-300), and points that close are one point on any map.
        guard r >= 1e-15 else { return items }
        // A grid of cells `r` wide: the neighbours of a point are in its cell and the eight around.
        var grid: [SIMD2<Int>: [Int]] = [:]
        func cell(_ x: Double, _ y: Double) -> SIMD2<Int> {
            SIMD2(Int((x / r).rounded(.down)), Int((y / r).rounded(.down)))
        }
        for (i, item) in items.enumerated() { grid[cell(item.x, item.y), default: []].append(i) }
        var taken = [Bool](repeating: false, count: items.count)
        var out: [Item] = []
        for (i, item) in items.enumerated() where !taken[i] {
            taken[i] = true
            let c = cell(item.x, item.y)
            var near: [Int] = []
            for dx in -1...1 {
                for dy in -1...1 {
                    for j in grid[c &+ SIMD2(dx, dy)] ?? [] where !taken[j] {
                        let (ex, ey) = (items[j].x - item.x, items[j].y - item.y)
                        if ex * ex + ey * ey <= r * r { near.append(j) }
                    }
                }
            }
            let count = near.reduce(item.count) { $0 + items[$1].count }
            guard count >= minPoints, !near.isEmpty else {
                // Too few to cluster: the item and its neighbours stay single at this zoom.
                out.append(item)
                for j in near.sorted() {
                    taken[j] = true
                    out.append(items[j])
                }
                continue
            }
            var (wx, wy) = (item.x * Double(item.count), item.y * Double(item.count))
            var values = item.aggregates
            for j in near.sorted() {
                taken[j] = true
                wx += items[j].x * Double(items[j].count)
                wy += items[j].y * Double(items[j].count)
                for (name, a) in aggregates {
                    var context = ExpressionContext(properties: [name: items[j].aggregates[name] ?? .null])
                    context.accumulated = values[name]
                    values[name] = (try? a.reduce.compiled.evaluate(context)) ?? .null
                }
            }
            out.append(
                Item(
                    x: wx / Double(count), y: wy / Double(count), count: count, feature: nil, id: nextID,
                    aggregates: values))
            nextID += 1
        }
        return out
    }

    /// The features of zoom `z` (the style's): points, clusters, lines and polygons.
    func features(zoom z: Int) -> [GeoJSONFeature] { zooms[max(0, min(z, maxZoom))] }

    /// An item as a feature: a point as it is, a cluster as a point with its properties.
    static func feature(_ item: Item) -> GeoJSONFeature {
        if let f = item.feature { return f }
        var properties: [String: VectorTile.Value] = [
            "cluster": .bool(true), "cluster_id": .uint(item.id), "point_count": .uint(UInt64(item.count)),
            "point_count_abbreviated": .string(abbreviated(item.count)),
        ]
        for (name, v) in item.aggregates { if let value = GeoJSONFeatures.value(v) { properties[name] = value } }
        let p = MercatorPoint(x: item.x, y: item.y)
        return GeoJSONFeature(
            type: .point, parts: [[p]], properties: properties, id: item.id, box: (p.x, p.y, p.x, p.y))
    }

    /// supercluster's abbreviation: "15k" from 10 000, "1.2k" from 1 000, else the number.
    static func abbreviated(_ count: Int) -> String {
        if count >= 10_000 { return "\((Double(count) / 1000).rounded(.toNearestOrAwayFromZero))".dropLast(2) + "k" }
        if count >= 1_000 {
            let tenths = (Double(count) / 100).rounded(.toNearestOrAwayFromZero) / 10
            return (tenths == tenths.rounded() ? "\(Int(tenths))" : "\(tenths)") + "k"
        }
        return "\(count)"
    }
}
