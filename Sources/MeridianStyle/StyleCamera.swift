extension Style {
    /// A style's own initial view: its root `center`, `zoom`, `bearing` and `pitch`, as the
    /// specification writes them (centre as [longitude, latitude]; zoom in the style's convention,
    /// see ``Style/zoom(forCameraZoom:)``; bearing degrees clockwise; pitch degrees from the nadir).
    ///
    /// What `render` and the viewer show when no camera is given: the SDK's "initial camera via
    /// options". A style without both `center` and `zoom` has none.
    public struct Camera: Hashable, Sendable {
        /// Degrees, −90...90 and −180...180.
        public let latitude: Double, longitude: Double
        /// The style's zoom, 0...24 (the camera's is one more: ``cameraZoom``).
        public let zoom: Double
        /// Degrees clockwise from north, and degrees from the nadir (0 when the style has none).
        public let bearing: Double, pitch: Double

        /// The zoom of a camera showing this view (``Style/cameraZoom(forStyleZoom:)``).
        public var cameraZoom: Double { Style.cameraZoom(forStyleZoom: zoom) }
    }

    /// The root's camera, or nil when it has no `center` and `zoom`; a value out of its range is
    /// a warning, and the camera is then left out (or, for bearing and pitch, taken as 0).
    static func camera(_ top: [String: StyleValue], warnings: inout [StyleWarning]) -> Camera? {
        guard top["center"] != nil || top["zoom"] != nil else { return nil }
        guard case let .array(center)? = top["center"], center.count == 2, let lng = center[0].number,
            let lat = center[1].number, (-180...180).contains(lng), (-90...90).contains(lat)
        else {
            warnings.append(
                StyleWarning(
                    property: "center", "must be [longitude, latitude] in degrees; the style's camera is ignored"))
            return nil
        }
        guard let zoom = top["zoom"]?.number, (0...24).contains(zoom) else {
            warnings.append(
                StyleWarning(property: "zoom", "must be a number in [0, 24]; the style's camera is ignored"))
            return nil
        }
        func angle(_ key: String, _ range: ClosedRange<Double>) -> Double {
            guard let v = top[key] else { return 0 }
            guard let n = v.number, range.contains(n) else {
                warnings.append(
                    StyleWarning(
                        property: key, "must be a number in [\(range.lowerBound), \(range.upperBound)]; 0 is used"))
                return 0
            }
            return n
        }
        return Camera(
            latitude: lat, longitude: lng, zoom: zoom, bearing: angle("bearing", -360...360),
            pitch: angle("pitch", 0...85))
    }
}
