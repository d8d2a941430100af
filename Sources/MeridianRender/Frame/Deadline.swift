import MeridianTiles

extension Deadline {
    /// Throws ``RenderError/deadlinePassed(_:)`` naming `stage` once the deadline has passed.
    public func check(_ stage: @autoclosure () -> String) throws(RenderError) {
        if hasPassed { throw .deadlinePassed(stage()) }
    }
}
