import MeridianStyle

/// `text-variable-anchor`, `text-radial-offset` and `text-variable-anchor-offset`: the
/// placements a point label tries in order, the first whose text fits winning (as MapLibre's
/// variable anchors; `text-anchor` is then not used).
extension TextPlacement {
    /// The anchors a style may name.
    static let anchors: Set<String> = [
        "center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
    ]
    /// Most anchors tried for one label.
    static let maxAnchors = 9

    /// The placements to try, in order; empty when the layer names no variable anchors (then
    /// `text-anchor` places the label).
    ///
    /// - `text-variable-anchor-offset` (`[anchor, [x, y], anchor, [x, y], …]`, ems) wins;
    /// - else each of `text-variable-anchor`, offset by `text-radial-offset` ems away from the
    ///   anchor's side (corners at r/√2 on each axis), or else by `text-offset`'s absolute values
    ///   away from it.
    ///
    /// Unknown anchors and malformed pairs are skipped; offsets are bounded to ±100 ems.
    static func variable(
        anchors: StyleValue?, radial: StyleValue?, anchorOffsets: StyleValue?, offset: StyleValue?,
        justify: StyleValue?
    ) -> [TextPlacement] {
        if case let .array(list)? = anchorOffsets {
            var out: [TextPlacement] = []
            var i = 0
            while i + 1 < list.count, out.count < maxAnchors {
                if let name = list[i].string, Self.anchors.contains(name), let pair = list[i + 1].pair(within: 100) {
                    out.append(placement(name, pair.x, pair.y, justify: justify))
                }
                i += 2
            }
            if !out.isEmpty { return out }
        }
        guard case let .array(names)? = anchors else { return [] }
        let valid = names.compactMap(\.string).filter { Self.anchors.contains($0) }.prefix(maxAnchors)
        if let r = radial?.finite {
            return valid.map { name in
                let (x, y) = fromRadial(name, max(0, min(r, 100)))
                return placement(name, x, y, justify: justify)
            }
        }
        let (ox, oy) = offset?.pair(within: 100) ?? (0, 0)
        return valid.map { name in
            let x = name.hasSuffix("left") ? abs(ox) : name.hasSuffix("right") ? -abs(ox) : 0
            let y = name.hasPrefix("top") ? abs(oy) : name.hasPrefix("bottom") ? -abs(oy) : 0
            return placement(name, x, y, justify: justify)
        }
    }

    /// The offset, ems, of a label `radius` ems from its point on the side `anchor` names
    /// (a corner anchor r/√2 along each axis).
    static func fromRadial(_ anchor: String, _ radius: Double) -> (x: Double, y: Double) {
        let corner = radius / 2.0.squareRoot()
        let diagonal = anchor.contains("-")
        let y =
            anchor.hasPrefix("top")
            ? (diagonal ? corner : radius) : anchor.hasPrefix("bottom") ? -(diagonal ? corner : radius) : 0
        let x =
            anchor.hasSuffix("left")
            ? (diagonal ? corner : radius) : anchor.hasSuffix("right") ? -(diagonal ? corner : radius) : 0
        return (x, y)
    }

    static func placement(_ anchor: String, _ x: Double, _ y: Double, justify: StyleValue?) -> TextPlacement {
        TextPlacement(anchor: .string(anchor), offset: .array([.number(x), .number(y)]), justify: justify)
    }
}
