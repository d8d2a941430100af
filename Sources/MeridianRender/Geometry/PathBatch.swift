import MeridianGeometry

/// Consecutive features of one look (colour, width, dash) gathered into one Cairo path, so a layer
/// of thousands of features costs a few fills or strokes instead of thousands; features keep their
/// order (a new look ends the batch), so overlaps draw as they would one by one.
///
/// Fills use the non-zero rule, under which a batch of polygons is their union and holes (rings
/// wound the other way, as the vector tile spec requires) stay holes.
struct PathBatch<Look: Equatable> {
    private var look: Look?
    private var parts = Polylines()
    let draw: (Look, Polylines) -> Void

    init(draw: @escaping (Look, Polylines) -> Void) { self.draw = draw }

    mutating func add(_ newLook: Look, _ newParts: [[ScreenPoint]]) {
        start(newLook)
        for part in newParts { parts.append(part) }
    }

    /// Adds parts given in one buffer.
    mutating func add(_ newLook: Look, _ newParts: Polylines) {
        start(newLook)
        parts.append(contentsOf: newParts)
    }

    private mutating func start(_ newLook: Look) {
        if let look, look != newLook { flush() }
        look = newLook
    }

    /// Draws what is gathered (call once after the last feature).
    mutating func flush() {
        if let look, !parts.isEmpty { draw(look, parts) }
        parts = Polylines()
        look = nil
    }
}
