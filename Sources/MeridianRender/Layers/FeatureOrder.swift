import MeridianStyle

extension PreparedLayer {
    /// The order a fill or line layer draws this tile's features in: by the layer's sort key
    /// (`fill-sort-key`, `line-sort-key`) from the lowest, ties in the data's order, as MapLibre
    /// sorts a tile's features before drawing them; nil (the data's order, nothing allocated) when
    /// the layer sets no key.
    ///
    /// The key is evaluated once per look class (it reads only properties the class shares); a key
    /// that is not a finite number counts as 0.
    func drawOrder(_ layer: Style.Layer, key: StylePropertyName, zoom: Double) -> [Int]? {
        guard layer[key] != nil else { return nil }
        let keyOf = layer.numberResolver(key, zoom: zoom)
        let classKeys = classes.map { keyOf($0) }
        return featureClass.indices.sorted {
            (classKeys[Int(featureClass[$0])], $0) < (classKeys[Int(featureClass[$1])], $1)
        }
    }

    /// The range of feature `i`'s parts in ``partEnds``.
    func parts(of i: Int) -> Range<Int> { (i == 0 ? 0 : Int(featureEnds[i - 1]))..<Int(featureEnds[i]) }

    /// The `k`th feature drawn in `order` (``drawOrder(_:key:zoom:)``; nil: the data's order): its
    /// index, its look class and the range of its parts in ``partEnds``.
    func feature(_ k: Int, in order: [Int]?) -> (index: Int, look: Int, parts: Range<Int>) {
        let i = order?[k] ?? k
        return (i, Int(featureClass[i]), parts(of: i))
    }
}
