@_exported import MeridianOverlays
import MeridianCamera
import MeridianGeometry

extension MapView {
    /// Adds an overlay; returns its id.
    /// - Throws: `InvalidArgument` named `overlay` when `Overlay.isValid` is false (a
    ///   non-finite or impossible number in it); nothing is added.
    @discardableResult
    public func add(_ overlay: Overlay) throws(InvalidArgument) -> OverlayID {
        try Self.check(overlay)
        let id = OverlayID(rawValue: nextOverlay)
        nextOverlay += 1
        overlays[id] = overlay
        return id
    }

    /// Replaces an overlay's content. Unknown ids are ignored (returns false).
    /// - Throws: `InvalidArgument` named `overlay` when `Overlay.isValid` is false; the old
    ///   content stays.
    @discardableResult
    public func update(_ id: OverlayID, to overlay: Overlay) throws(InvalidArgument) -> Bool {
        try Self.check(overlay)
        guard overlays[id] != nil else { return false }
        overlays[id] = overlay
        return true
    }

    /// Removes an overlay; false if there was none with that id.
    @discardableResult
    public func remove(_ id: OverlayID) -> Bool { overlays.removeValue(forKey: id) != nil }

    /// The overlays, bottom to top: shapes, then markers; by z-index, then insertion order.
    public var allOverlays: [(id: OverlayID, overlay: Overlay)] {
        overlays.sorted { ($0.value.layer, $0.value.zIndex, $0.key) < ($1.value.layer, $1.value.zIndex, $1.key) }.map {
            ($0.key, $0.value)
        }
    }

    /// The overlay with this id, or nil if there is none.
    public func overlay(_ id: OverlayID) -> Overlay? { overlays[id] }

    static func check(_ overlay: Overlay) throws(InvalidArgument) {
        guard overlay.isValid else {
            throw InvalidArgument(
                parameter: "overlay", value: .nan, problem: .inconsistent("has a non-finite or out-of-range number"))
        }
    }

    /// The top-most overlay drawn under a screen point, under any bearing and tilt, or nil.
    public func overlay(at point: ScreenPoint) -> OverlayID? {
        let view = projection
        return allOverlays.reversed().first { OverlayHitTest.hits($0.overlay, point, view) }?.id
    }

    /// A tap at a screen point: `tapOverlay` for the top-most overlay there, else `tapMap`
    /// with the ground coordinate (nothing above the horizon).
    public func tap(at point: ScreenPoint) {
        if let id = overlay(at: point) {
            emit(.tapOverlay(id))
        } else if let c = try? projection.coordinate(for: point) {
            emit(.tapMap(c))
        }
    }
}
