extension Style {
    /// The zoom a style is evaluated at for a camera at zoom `cameraZoom`: the one rule between
    /// the two conventions.
    ///
    /// A camera's zoom is the Maps SDK's, of 256-point tiles; a style document is written in
    /// MapLibre's convention, of 512-pixel tiles, whose zoom is one less at the same scale. So a
    /// camera at zoom z evaluates layers' `minzoom`/`maxzoom`, `["zoom"]` and zoom functions at
    /// z − 1, and a foreign style draws at each scale what MapLibre draws there. Below camera zoom
    /// 1 (where MapLibre's zoom would be negative) the style is evaluated at 0, MapLibre's least.
    /// A NaN zoom gives 0.
    public static func zoom(forCameraZoom cameraZoom: Double) -> Double {
        cameraZoom - 1 > 0 ? cameraZoom - 1 : 0
    }

    /// The camera zoom at which a style's zoom `styleZoom` applies (style zoom + 1): for a style's
    /// own `zoom` as an initial camera.
    public static func cameraZoom(forStyleZoom styleZoom: Double) -> Double { styleZoom + 1 }
}
