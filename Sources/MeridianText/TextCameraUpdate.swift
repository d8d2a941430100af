import MeridianCamera
import MeridianGeometry

extension TextValues {
    /// The forms ``cameraUpdate(_:)`` reads, for help texts.
    public static let cameraUpdateForms = """
        zoom-in | zoom-out | zoom-to:Z | zoom-by:D[@X,Y] | target:LAT,LNG[,ZOOM] | camera:LAT,LNG,ZOOM[,BEARING[,TILT]] \
        | scroll:X,Y | fit:S,W,N,E[@PADDING | @TOP,LEFT,BOTTOM,RIGHT] | fit-keep:S,W,N,E[@...] \
        | fit-points:LAT,LNG;LAT,LNG;…[@...] | rotate:DEGREES[@X,Y] | place:LAT,LNG@X,Y (':' or '=' before the values)
        """

    /// Reads a camera update (SPEC §3) in the forms of ``cameraUpdateForms``. A fit without
    /// padding uses the SDK's default 64 points.
    public static func cameraUpdate(_ text: String) throws(TextError) -> CameraUpdate {
        let separator = text.firstIndex { $0 == ":" || $0 == "=" }
        let name = separator.map { String(text[..<$0]) } ?? text
        let value = separator.map { String(text[text.index(after: $0)...]) }
        func required() throws(TextError) -> String {
            guard let value, !value.isEmpty else {
                throw TextError("update '\(name)' needs values: \(cameraUpdateForms)")
            }
            return value
        }
        switch name {
        case "zoom-in", "zoom-out":
            guard value == nil else { throw TextError("update '\(name)' takes no value, got '\(text)'") }
            return name == "zoom-in" ? .zoomIn : .zoomOut
        case "zoom-to":
            return .zoomTo(try numbers(try required(), count: 1...1, what: "zoom-to")[0])
        case "zoom-by":
            let (amount, focus) = split(try required())
            return .zoomBy(
                try numbers(amount, count: 1...1, what: "zoom-by")[0],
                focus: try focus.map { s throws(TextError) in try point(s, what: "zoom-by focus") })
        case "target":
            let v = try numbers(try required(), count: 2...3, what: "target (lat,lng[,zoom])")
            guard abs(v[0]) <= 90 else { throw TextError("target: latitude \(v[0]) is outside [-90, 90]") }
            return .target(Coordinate(latitude: v[0], longitude: v[1]), zoom: v.count > 2 ? v[2] : nil)
        case "camera":
            return .camera(try camera(try required()))
        case "scroll":
            let p = try point(try required(), what: "scroll")
            return .scroll(by: ScreenVector(dx: p.x, dy: p.y))
        case "fit", "fit-keep":
            let (box, padding) = split(try required())
            let b = try bounds(box, what: name)
            let room =
                try padding.map { s throws(TextError) in try Self.insets(s, what: "\(name) padding") }
                ?? EdgeInsets(all: 64)
            return name == "fit" ? .fit(b, insets: room) : .fitKeepingOrientation(b, insets: room)
        case "fit-points":
            let (list, padding) = split(try required())
            let room =
                try padding.map { s throws(TextError) in try Self.insets(s, what: "fit-points padding") }
                ?? EdgeInsets(all: 64)
            return .fitPoints(try path(list, what: "fit-points"), insets: room)
        case "rotate":
            let (amount, pivot) = split(try required())
            return .rotate(
                by: try numbers(amount, count: 1...1, what: "rotate")[0],
                about: try pivot.map { s throws(TextError) in try point(s, what: "rotate pivot") })
        case "place":
            let (where_, at) = split(try required())
            guard let at else { throw TextError("place: expected LAT,LNG@X,Y, got '\(text)'") }
            return .place(try coordinate(where_, what: "place"), at: try point(at, what: "place point"))
        default:
            throw TextError("unknown update '\(name)'; expected \(cameraUpdateForms)")
        }
    }

    private static func split(_ s: String) -> (String, String?) {
        guard let at = s.firstIndex(of: "@") else { return (s, nil) }
        return (String(s[..<at]), String(s[s.index(after: at)...]))
    }
}
