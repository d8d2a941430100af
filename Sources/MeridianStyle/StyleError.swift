/// A style document Meridian cannot use, with where: the layer (by id) and the property, or
/// the document's top level. Nothing of a rejected style is applied.
public struct StyleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The layer id, or nil for the document's top level (version, sources, layers list).
    public let layer: String?
    /// The property (e.g. `paint.line-width`, `filter`, `type`), or nil.
    public let property: String?
    public let problem: String

    public init(layer: String? = nil, property: String? = nil, _ problem: String) {
        (self.layer, self.property, self.problem) = (layer, property, problem)
    }

    public var description: String {
        let at = [layer.map { "layer \"\($0)\"" }, property].compactMap { $0 }.joined(separator: ", ")
        return at.isEmpty ? "style: \(problem)" : "style: \(at): \(problem)"
    }

    func at(layer: String?, property: String?) -> StyleError {
        StyleError(layer: self.layer ?? layer, property: self.property ?? property, problem)
    }
}
