import MeridianStyle

/// `text-variable-anchor`, `text-radial-offset` and `text-variable-anchor-offset`: the
/// placements a point label tries in order, the first whose text fits winning (as MapLibre's
/// variable anchors; `text-anchor` is then not used).
extension TextPlacement {
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
    /// Each is then moved as MapLibre moves a variable anchor's text (its `calculateVariableLayoutShift`
    /// over the text's collision box): away from the point by `padding` ems (`text-padding`
    /// over the text size: the box is padded), and by ``baselineShift`` toward it on a top or
    /// bottom side (the offset is measured to the baseline).
    ///
    /// Unknown anchors and malformed pairs are skipped; offsets are bounded to ±100 ems.
    static func variable(
        anchors: StyleValue?, radial: StyleValue?, anchorOffsets: StyleValue?, offset: StyleValue?,
        justify: StyleValue?, padding: Double = 0
    ) -> [TextPlacement] {
        let padding = padding.isFinite ? min(max(padding, 0), 100) : 0
        func placement(
            _ anchor: StyleProperty.TextAnchor, _ x: Double, _ y: Double, justify: StyleValue?
        )
            -> TextPlacement
        {
            let (h, v) = (Double(anchor.side.x), Double(anchor.side.y))
            return Self.placement(anchor, x - h * padding, y - v * padding + v * baselineShift, justify: justify)
        }
        if case let .array(list)? = anchorOffsets {
            var out: [TextPlacement] = []
            var i = 0
            while i + 1 < list.count, out.count < maxAnchors {
                if let name = StyleProperty.TextAnchor(list[i]), let pair = list[i + 1].pair(within: 100) {
                    out.append(placement(name, pair.x, pair.y, justify: justify))
                }
                i += 2
            }
            if !out.isEmpty { return out }
        }
        guard case let .array(names)? = anchors else { return [] }
        let valid = names.compactMap { StyleProperty.TextAnchor($0) }.prefix(maxAnchors)
        // A radial offset given, 0 included, wins over `text-offset` (MapLibre asks whether the
        // layer sets it).
        if let r = radial?.finite {
            return valid.map { name in
                let (x, y) = fromRadial(name, max(0, min(r, 100)))
                return placement(name, x, y, justify: justify)
            }
        }
        let (ox, oy) = offset?.pair(within: 100) ?? (0, 0)
        return valid.map { name in
            let (x, y) = (-Double(name.side.x) * abs(ox), -Double(name.side.y) * abs(oy))
            return placement(name, x, y, justify: justify)
        }
    }

    /// How far a top or bottom variable anchor's text moves back toward its point, ems: MapLibre's
    /// `baselineOffset`, 7 of its 24-pixel em (the offset reaches the baseline, not the box).
    static let baselineShift = 7.0 / 24

    /// The offset, ems, of a label `radius` ems from its point on the side `anchor` names
    /// (a corner anchor r/√2 along each axis).
    static func fromRadial(_ anchor: StyleProperty.TextAnchor, _ radius: Double) -> (x: Double, y: Double) {
        let (h, v) = anchor.side
        let r = h != 0 && v != 0 ? radius / 2.0.squareRoot() : radius
        return (-Double(h) * r, -Double(v) * r)
    }

    static func placement(
        _ anchor: StyleProperty.TextAnchor, _ x: Double, _ y: Double, justify: StyleValue?
    )
        -> TextPlacement
    {
        TextPlacement(anchor: .string(anchor.rawValue), offset: .array([.number(x), .number(y)]), justify: justify)
    }
}

extension StyleProperty.TextAnchor {
    /// The side of the text block put on the point: x −1 left, 1 right; y −1 top, 1 bottom; 0 centre.
    var side: (x: Int, y: Int) {
        switch self {
        case .center: (0, 0)
        case .left: (-1, 0)
        case .right: (1, 0)
        case .top: (0, -1)
        case .bottom: (0, 1)
        case .topLeft: (-1, -1)
        case .topRight: (1, -1)
        case .bottomLeft: (-1, 1)
        case .bottomRight: (1, 1)
        }
    }
}
