import Foundation
import Meridian

/// What a map starts with (copied by `GMSMapView(options:)`).
public final class GMSMapViewOptions: NSObject {
    public var frame: CGRect = .zero
    public var camera: GMSCameraPosition?
    public var backgroundColor: UIColor? = .lightGray
    public override init() {}
}

/// The SDK's map view, a thin layer over Meridian's `MapView` (reachable as ``meridian``).
///
/// Differences from the SDK, all deliberate: a zero-sized frame is kept as given but the
/// camera math uses at least 1×1 point; invalid input to methods that cannot throw (min zoom
/// above max zoom, non-finite numbers) keeps the old state and is reported through
/// ``GMSCompatibility/report`` instead of raising an exception; time comes from
/// ``GMSCompatibility/clock``, and each frame is `meridian.tick()`.
@MainActor
open class GMSMapView: NSObject {
    /// The Meridian map underneath.
    public let meridian: MapView
    public weak var delegate: (any GMSMapViewDelegate)?
    public let settings = GMSUISettings()
    /// The overlay objects on this map, by their Meridian id (for taps).
    var overlays: [OverlayID: GMSOverlay] = [:]
    open var mapType: GMSMapViewType = .normal
    open var backgroundColor: UIColor?

    /// The view's frame; the camera math uses its size (at least 1×1 point).
    open var frame: CGRect {
        didSet { try? meridian.setFrame(Self.size(frame)) }
    }

    public init(options: GMSMapViewOptions) {
        frame = options.frame
        backgroundColor = options.backgroundColor
        // A valid size (clamped to 1×1) and, if given, a valid camera: the core cannot refuse them.
        meridian =
            (try? MapView(
                options: MapOptions(frame: Self.size(options.frame), camera: options.camera?.position),
                clock: GMSCompatibility.clock))!
        super.init()
        settings.map = self
        meridian.onEvent = { [weak self] event in self?.forward(event) }
    }

    public convenience override init() { self.init(options: GMSMapViewOptions()) }

    public convenience init(frame: CGRect, camera: GMSCameraPosition) {
        let options = GMSMapViewOptions()
        options.frame = frame
        options.camera = camera
        self.init(options: options)
    }

    open class func map(withFrame frame: CGRect, camera: GMSCameraPosition) -> GMSMapView {
        GMSMapView(frame: frame, camera: camera)
    }

    static func size(_ frame: CGRect) -> ScreenSize {
        let w = Double(frame.width)
        let h = Double(frame.height)
        return ScreenSize(width: w.isFinite ? max(1, w) : 1, height: h.isFinite ? max(1, h) : 1)
    }

    func forward(_ event: MapEvent) {
        if case let .tapOverlay(id) = event, let marker = overlays[id] as? GMSMarker {
            // The SDK's default on a marker tap: pan the camera to it, unless the delegate handles it.
            if delegate?.mapView(self, didTap: marker) != true { animate(toLocation: marker.position) }
            return
        }
        guard let delegate else { return }
        switch event {
        case let .willMove(gesture): delegate.mapView(self, willMove: gesture)
        case let .didChange(p): delegate.mapView(self, didChange: GMSCameraPosition(position: p))
        case let .idle(p): delegate.mapView(self, idleAt: GMSCameraPosition(position: p))
        case let .tapMap(c): delegate.mapView(self, didTapAt: c.cl)
        case let .tapOverlay(id):
            if let overlay = overlays[id] { delegate.mapView(self, didTap: overlay) }
        }
    }

    func report(_ what: String, _ body: () throws(InvalidArgument) -> Void) {
        do { try body() } catch { GMSCompatibility.report("\(what): \(error)") }
    }

    /// The camera; setting it is instantaneous (no animation). During an animation, the latest frame's.
    open var camera: GMSCameraPosition {
        get { GMSCameraPosition(position: meridian.camera) }
        set { meridian.setCamera(newValue.position) }
    }

    /// Insets of the area holding the target and the visible region; the target stays put.
    open var padding: UIEdgeInsets {
        get {
            let p = meridian.padding
            return UIEdgeInsets(
                top: CGFloat(p.top), left: CGFloat(p.left), bottom: CGFloat(p.bottom), right: CGFloat(p.right))
        }
        set { report("padding") { () throws(InvalidArgument) in try meridian.setPadding(newValue.meridian) } }
    }

    open var minZoom: Float { Float(meridian.minZoom) }
    open var maxZoom: Float { Float(meridian.maxZoom) }

    /// Sets the zoom range; the current zoom moves inside it. min > max keeps the old range
    /// (reported) where the SDK raises an exception.
    open func setMinZoom(_ minZoom: Float, maxZoom: Float) {
        report("setMinZoom(_:maxZoom:)") { () throws(InvalidArgument) in
            try meridian.setMinZoom(Double(minZoom), maxZoom: Double(maxZoom))
        }
    }

    /// Bounds the target may not leave (gestures or code); nil lifts them.
    open var cameraTargetBounds: GMSCoordinateBounds? {
        get { meridian.cameraTargetBounds.map { GMSCoordinateBounds(bounds: $0) } }
        set { meridian.cameraTargetBounds = newValue?.bounds }
    }

    /// A snapshot of the current frame's projection.
    open var projection: GMSProjection { GMSProjection(viewport: meridian.projection) }

    open func moveCamera(_ update: GMSCameraUpdate) {
        report("moveCamera(_:)") { () throws(InvalidArgument) in try meridian.moveCamera(update.update) }
    }

    /// Runs an animation with the open `CATransaction`'s duration, timing and completion.
    func animating(_ body: () throws(InvalidArgument) -> Void) {
        report("animate") { () throws(InvalidArgument) in
            let options = currentTransactionOptions()
            var failure: InvalidArgument?
            meridian.withTransaction(options) {
                do throws(InvalidArgument) { try body() } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    open func animate(to camera: GMSCameraPosition) { animating { meridian.animate(to: camera.position) } }
    open func animate(with update: GMSCameraUpdate) {
        animating { () throws(InvalidArgument) in try meridian.animate(with: update.update) }
    }
    open func animate(toLocation location: CLLocationCoordinate2D) {
        animating { () throws(InvalidArgument) in try meridian.animate(toLocation: location.meridian) }
    }
    /// Clamped to the map's zoom range.
    open func animate(toZoom zoom: Float) {
        animating { () throws(InvalidArgument) in try meridian.animate(toZoom: Double(zoom)) }
    }
    open func animate(toBearing bearing: CLLocationDirection) {
        animating { () throws(InvalidArgument) in try meridian.animate(toBearing: bearing) }
    }
    open func animate(toViewingAngle viewingAngle: Double) {
        animating { () throws(InvalidArgument) in try meridian.animate(toViewingAngle: viewingAngle) }
    }

    /// The camera presenting `bounds` with `insets` (bearing and tilt 0, the frame, padding and
    /// zoom range respected); nil for invalid bounds. Does not move the map.
    open func camera(for bounds: GMSCoordinateBounds, insets: UIEdgeInsets) -> GMSCameraPosition? {
        do {
            return try meridian.camera(for: bounds.bounds, insets: insets.meridian).map {
                GMSCameraPosition(position: $0)
            }
        } catch {
            GMSCompatibility.report("camera(for:insets:): \(error)")
            return nil
        }
    }

    open func areEqual(
        forRenderingPosition position: GMSCameraPosition, position otherPosition: GMSCameraPosition
    ) -> Bool {
        meridian.areEqualForRendering(position.position, otherPosition.position)
    }
}

/// The open transaction's options, or the defaults outside one.
@MainActor
func currentTransactionOptions() -> AnimationOptions {
    #if canImport(QuartzCore)
    return AnimationOptions(duration: CATransaction.animationDuration())
    #else
    return CATransaction.animationOptions()
    #endif
}
