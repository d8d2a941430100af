import Foundation
import MeridianGeometry
import MeridianGestures
import MeridianStyle

/// One message from the viewer page, read and validated at the edge: every number is checked to be
/// finite and inside its range before it reaches the map, so no message can trap or poison the
/// camera.
///
/// A bad message is a ``ViewerMessage/Problem`` naming the message and the field, reported to the
/// page as an `error` event; the session's state is left as it was.
///
/// Wire format (JSON text, at most 64 KiB, nesting at most ``maxDepth`` deep):
/// `{"type":"resize","width":W,"height":H,"scale":S}` (W, H in points, 64–2048; S optional,
/// finite, 0 < S ≤ 8, rounded to 1 or 2 pixels per point), `{"type":"down|move|up|cancel",
/// "id":N,"x":X,"y":Y}` (N an integer within ±2³¹, X and Y finite points within ±100,000),
/// `{"type":"wheel","x":X,"y":Y,"delta":D}` (|D| ≤ 10,000), `{"type":"key","key":K}`,
/// `{"type":"maptype","name":T}`, `{"type":"example","name":E}`, `{"type":"ack"}`; any of them
/// may carry `"seq"`, an integer 0–2⁵³, and input messages `"t"`, the page's own clock when
/// the input happened (`performance.now()`, milliseconds, 0–10¹²).
///
/// `{"type":"batch","messages":[M, …]}` carries 1–``maxBatch`` of the messages above (no batch
/// in a batch), applied in order as one: the page sends the moves of every finger of one touch
/// event together, so a two-finger gesture makes one frame per event, not a frame per finger
/// (of which the first would show one finger moved and the other not). See ``messages(text:)``.
struct ViewerMessage: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case ack
        case resize(ScreenSize, scale: Int)
        case pointer(PointerPhase, id: Int, at: ScreenPoint)
        case wheel(at: ScreenPoint, delta: Double)
        case key(Key)
        case mapType(MapType)
        case example(String)
    }

    enum PointerPhase: String, Equatable, Sendable { case down, move, up, cancel }

    /// Why a message was refused: `what` is the message type (or `message` when there is none),
    /// `field` the member at fault, if one is.
    struct Problem: Error, Equatable {
        let what: String
        let field: String?
        let message: String
    }

    let kind: Kind
    let seq: Int?
    /// When the input happened on the page's clock, seconds.
    let time: Double?

    static let maxDepth = 8
    static let sizeRange = 64.0...2048.0
    static let coordinateLimit = 100_000.0
    static let wheelLimit = 10_000.0
    static let keys: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "zoomIn": .zoomIn, "zoomOut": .zoomOut,
    ]

    static let maxBatch = 16

    /// Reads one message; throws a ``Problem`` for anything malformed or out of range (a batch
    /// included: read those with ``messages(text:)``).
    init(text: String) throws(Problem) {
        try self.init(object: try Self.object(text))
    }

    /// Reads a message or a batch of them, each element on its own: a bad element is a ``Problem``
    /// in its place while the others stand.
    ///
    /// A malformed batch (not an array of 1–``maxBatch`` elements, or a batch inside) is one
    /// problem.
    static func messages(text: String) -> [Result<ViewerMessage, Problem>] {
        let object: [String: Any]
        do { object = try Self.object(text) } catch { return [.failure(error)] }
        guard object["type"] as? String == "batch" else {
            return [Result { () throws(Problem) in try ViewerMessage(object: object) }]
        }
        guard let elements = object["messages"] as? [Any], (1...maxBatch).contains(elements.count) else {
            return [
                .failure(Problem(what: "batch", field: "messages", message: "needs an array of 1…\(maxBatch) messages"))
            ]
        }
        return elements.map { element in
            guard let inner = element as? [String: Any], let type = inner["type"] as? String, type != "batch" else {
                return .failure(
                    Problem(
                        what: "batch", field: "messages",
                        message: "each element must be a message object with a type other than batch"))
            }
            return Result { () throws(Problem) in try ViewerMessage(object: inner) }
        }
    }

    /// The JSON object of a message's text, its nesting checked first.
    static func object(_ text: String) throws(Problem) -> [String: Any] {
        do { try JSONNesting.check(text.utf8, limit: Self.maxDepth) } catch {
            throw Problem(what: "message", field: error.path.first, message: "nested more than \(Self.maxDepth) deep")
        }
        guard let data = text.data(using: .utf8),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            object["type"] is String
        else {
            throw Problem(what: "message", field: nil, message: "not a JSON object with a type")
        }
        return object
    }

    /// Reads one message from its JSON object.
    init(object: [String: Any]) throws(Problem) {
        guard let type = object["type"] as? String else {
            throw Problem(what: "message", field: nil, message: "not a JSON object with a type")
        }
        let fields = Fields(object: object, what: type)
        seq = try fields.optionalInteger("seq", in: 0...(1 << 53))
        time = try fields.optionalNumber("t", in: 0...1e12).map { $0 / 1000 }
        switch type {
        case "ack": kind = .ack
        case "resize":
            let width = try fields.number("width", in: Self.sizeRange)
            let height = try fields.number("height", in: Self.sizeRange)
            let scale = try fields.optionalNumber("scale", in: Double.leastNonzeroMagnitude...8) ?? 1
            kind = .resize(ScreenSize(width: width.rounded(), height: height.rounded()), scale: scale < 1.5 ? 1 : 2)
        case "down", "move", "up", "cancel":
            let id = try fields.integer("id", in: -(1 << 31)...(1 << 31))
            kind = .pointer(PointerPhase(rawValue: type)!, id: id, at: try fields.point())
        case "wheel":
            let at = try fields.point()
            kind = .wheel(at: at, delta: try fields.number("delta", in: -Self.wheelLimit...Self.wheelLimit))
        case "key":
            guard let key = (object["key"] as? String).flatMap({ Self.keys[$0] }) else {
                throw Problem(
                    what: type, field: "key",
                    message: "unknown key; one of \(Self.keys.keys.sorted().joined(separator: ", "))")
            }
            kind = .key(key)
        case "maptype", "example":
            guard let name = object["name"] as? String, name.utf8.count <= 64 else {
                throw Problem(what: type, field: "name", message: "needs a name (a string of at most 64 bytes)")
            }
            if type == "example" {
                kind = .example(name)
                break
            }
            guard let mapType = MapType(named: name) else {
                throw Problem(what: type, field: "name", message: "must be \(MapType.accepted)")
            }
            kind = .mapType(mapType)
        default:
            throw Problem(what: "type", field: "type", message: "unknown message type '\(type.prefix(64))'")
        }
    }

    /// Typed access to a message's members, each check naming the member.
    struct Fields {
        let object: [String: Any]
        let what: String

        func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(Problem) -> Double? {
            guard let raw = object[key] else { return nil }
            guard let value = (raw as? NSNumber)?.doubleValue, value.isFinite, range.contains(value) else {
                throw Problem(
                    what: what, field: key,
                    message: "\(key) must be a finite number in \(range.lowerBound)…\(range.upperBound)")
            }
            return value
        }

        func number(_ key: String, in range: ClosedRange<Double>) throws(Problem) -> Double {
            guard let value = try optionalNumber(key, in: range) else {
                throw Problem(what: what, field: key, message: "needs \(key)")
            }
            return value
        }

        func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
            guard let value = try optionalNumber(key, in: Double(range.lowerBound)...Double(range.upperBound)) else {
                return nil
            }
            guard value.rounded() == value else {
                throw Problem(what: what, field: key, message: "\(key) must be an integer")
            }
            return Int(value)
        }

        func integer(_ key: String, in range: ClosedRange<Int>) throws(Problem) -> Int {
            guard let value = try optionalInteger(key, in: range) else {
                throw Problem(what: what, field: key, message: "needs \(key)")
            }
            return value
        }

        func point() throws(Problem) -> ScreenPoint {
            let limit = -ViewerMessage.coordinateLimit...ViewerMessage.coordinateLimit
            return ScreenPoint(x: try number("x", in: limit), y: try number("y", in: limit))
        }
    }
}
