/// Something of a style that Meridian leaves out, named by layer and property, as MapLibre
/// Native logs it: a property or layer kind not drawn yet, a property the specification does
/// not have, or a value that cannot be used. The rest of the style loads and draws
/// (``Style/warnings``).
public struct StyleWarning: Hashable, Sendable, CustomStringConvertible {
    /// The layer id, or nil for the document's top level (a source, a root key).
    public let layer: String?
    /// The property (e.g. `paint.fill-antialias`, `filter`, `sources.relief`), or nil.
    public let property: String?
    public let problem: String

    public init(layer: String? = nil, property: String? = nil, _ problem: String) {
        (self.layer, self.property, self.problem) = (layer, property, problem)
    }

    init(_ error: StyleError, layer: String?, property: String?) {
        let placed = error.at(layer: layer, property: property)
        self.init(layer: placed.layer, property: placed.property, placed.problem)
    }

    public var description: String {
        let at = [layer.map { "layer \"\($0)\"" }, property].compactMap { $0 }.joined(separator: ", ")
        return at.isEmpty ? "style: \(problem)" : "style: \(at): \(problem)"
    }

    /// Warnings with the same property and problem as one line each, naming their layers (the
    /// first `shown`, then how many more), in the order they were first met: what `render`
    /// prints and `serve` logs once per style.
    public static func summary(_ warnings: [StyleWarning], shown: Int = 5) -> [String] {
        var order: [String] = []
        var groups: [String: (property: String?, problem: String, layers: [String])] = [:]
        for w in warnings {
            let key = "\(w.property ?? "")\u{0}\(w.problem)"
            if groups[key] == nil {
                order.append(key)
                groups[key] = (w.property, w.problem, [])
            }
            if let layer = w.layer { groups[key]?.layers.append(layer) }
        }
        return order.compactMap { key in
            guard let g = groups[key] else { return nil }
            let head = g.property.map { "\($0): " } ?? ""
            guard !g.layers.isEmpty else { return "style: \(head)\(g.problem)" }
            let names = g.layers.prefix(shown).map { "\"\($0)\"" }.joined(separator: ", ")
            let more = g.layers.count > shown ? " and \(g.layers.count - shown) more" : ""
            let noun = g.layers.count == 1 ? "layer" : "layers"
            return "style: \(head)\(g.problem) (\(noun) \(names)\(more))"
        }
    }
}
