import MeridianCamera
import MeridianGeometry

/// A JSON value with object keys kept in the order they were written, so output reads the
/// same every time (`{"latitude":…,"longitude":…,"zoom":…,"bearing":…,"tilt":…}`).
public indirect enum JSON: Sendable, Equatable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.text == b.text }

    /// Compact JSON text. Non-finite numbers (never produced by Meridian's values) become null.
    public var text: String {
        switch self {
        case let .number(v): return v.isFinite ? (v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)") : "null"
        case let .integer(v): return String(v)
        case let .string(s): return JSON.quote(s)
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        case let .array(items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case let .object(fields):
            return "{" + fields.map { JSON.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSON {
    public init(_ camera: CameraPosition) {
        self = .object([
            ("latitude", .number(camera.target.latitude)), ("longitude", .number(camera.target.longitude)),
            ("zoom", .number(camera.zoom)), ("bearing", .number(camera.bearing)), ("tilt", .number(camera.tilt)),
        ])
    }

    public init(_ c: Coordinate) {
        self = .object([("latitude", .number(c.latitude)), ("longitude", .number(c.longitude))])
    }

    public init(_ p: ScreenPoint) {
        self = .object([("x", .number(p.x)), ("y", .number(p.y))])
    }

    public init(_ b: CoordinateBounds) {
        guard let s = b.south, let w = b.west, let n = b.north, let e = b.east else {
            self = .null
            return
        }
        self = .object([("south", .number(s)), ("west", .number(w)), ("north", .number(n)), ("east", .number(e))])
    }

    public init(_ t: TileID) {
        self = .object([("z", .integer(t.z)), ("x", .integer(t.x)), ("y", .integer(t.y))])
    }
}
