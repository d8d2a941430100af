import Foundation
import Meridian

/// The base of the SDK's overlays: setting ``map`` adds the overlay to that map, `nil`
/// removes it; changing a property updates it in place. Camera changes never move it.
@MainActor
open class GMSOverlay: NSObject {
    var id: OverlayID?
    /// The map showing this overlay, or nil.
    open weak var map: GMSMapView? {
        didSet {
            if let id, let old = oldValue {
                old.meridian.remove(id)
                old.overlays[id] = nil
            }
            id = nil
            guard let map, let content else { return }
            do {
                let newID = try map.meridian.add(content)
                id = newID
                map.overlays[newID] = self
            } catch { GMSCompatibility.report("adding \(type(of: self)): \(error)") }
        }
    }
    open var title: String?
    open var zIndex: Int32 = 0 { didSet { refresh() } }
    open var isTappable = true

    /// The Meridian overlay this object stands for (a plain GMSOverlay stands for none).
    var content: Overlay? { nil }

    /// Pushes the current content to the map (a bad number is reported and the old content stays).
    func refresh() {
        guard let id, let map, let content else { return }
        do { try map.meridian.update(id, to: content) } catch {
            GMSCompatibility.report("updating \(type(of: self)): \(error)")
        }
    }
}

open class GMSMarker: GMSOverlay {
    open var position: CLLocationCoordinate2D { didSet { refresh() } }
    open var snippet: String?
    /// Anchor of the icon on the position, in fractions of its size ((0.5, 1) = bottom centre).
    open var groundAnchor = CGPoint(x: 0.5, y: 1) { didSet { refresh() } }
    /// Degrees clockwise.
    open var rotation: CLLocationDirection = 0 { didSet { refresh() } }
    /// Flat on the ground (rotates and tilts with the map) instead of facing the viewer.
    open var isFlat = false { didSet { refresh() } }
    open var iconColor: UIColor = .red { didSet { refresh() } }

    public init(position: CLLocationCoordinate2D) { self.position = position }
    public convenience override init() { self.init(position: CLLocationCoordinate2D()) }

    /// A marker icon tinted with `color` (the SDK returns an image; here the colour itself).
    public static func markerImage(with color: UIColor?) -> UIColor { color ?? .red }

    override var content: Overlay? {
        var m = Marker(position: position.meridian, title: title)
        m.anchor = groundAnchor.meridian
        m.rotation = rotation
        m.flat = isFlat
        m.zIndex = Int(zIndex)
        m.iconColor = Color(
            red: Double(iconColor.red), green: Double(iconColor.green), blue: Double(iconColor.blue),
            alpha: Double(iconColor.alpha))
        return .marker(m)
    }
}

open class GMSPolyline: GMSOverlay {
    open var path: GMSPath? { didSet { refresh() } }
    open var strokeWidth: CGFloat = 1 { didSet { refresh() } }
    open var strokeColor: UIColor = .blue { didSet { refresh() } }
    /// Segments follow great circles.
    open var geodesic = false { didSet { refresh() } }

    public init(path: GMSPath?) { self.path = path }

    override var content: Overlay? {
        var l = Polyline(path: path?.coordinates.map(\.meridian) ?? [])
        l.width = Double(strokeWidth)
        l.geodesic = geodesic
        l.zIndex = Int(zIndex)
        l.color = strokeColor.meridian
        return .polyline(l)
    }
}

open class GMSPolygon: GMSOverlay {
    open var path: GMSPath? { didSet { refresh() } }
    open var holes: [GMSPath]? { didSet { refresh() } }
    open var fillColor: UIColor = UIColor(red: 0, green: 0, blue: 1, alpha: 0.3) { didSet { refresh() } }
    open var strokeColor: UIColor = .black { didSet { refresh() } }
    open var strokeWidth: CGFloat = 1 { didSet { refresh() } }

    public init(path: GMSPath?) { self.path = path }

    override var content: Overlay? {
        var p = Polygon(
            outer: path?.coordinates.map(\.meridian) ?? [], holes: (holes ?? []).map { $0.coordinates.map(\.meridian) })
        p.fillColor = fillColor.meridian
        p.strokeColor = strokeColor.meridian
        p.strokeWidth = Double(strokeWidth)
        p.zIndex = Int(zIndex)
        return .polygon(p)
    }
}

open class GMSCircle: GMSOverlay {
    open var position: CLLocationCoordinate2D { didSet { refresh() } }
    /// Metres on the ground.
    open var radius: CLLocationDistance { didSet { refresh() } }
    open var fillColor: UIColor = .clear { didSet { refresh() } }
    open var strokeColor: UIColor = .black { didSet { refresh() } }
    open var strokeWidth: CGFloat = 1 { didSet { refresh() } }

    public init(position: CLLocationCoordinate2D, radius: CLLocationDistance) {
        self.position = position
        self.radius = radius
    }

    override var content: Overlay? {
        var c = Circle(center: position.meridian, radius: radius)
        c.fillColor = fillColor.meridian
        c.strokeColor = strokeColor.meridian
        c.strokeWidth = Double(strokeWidth)
        c.zIndex = Int(zIndex)
        return .circle(c)
    }
}

extension UIColor {
    var meridian: Color { Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)) }
}
