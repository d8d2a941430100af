import MeridianStyle

/// How a symbol's part may overlap the parts placed before it (`text-overlap`, `icon-overlap`;
/// without them `*-allow-overlap`: `always` when true, else `never`), as MapLibre reads them.
enum SymbolOverlap: String, Equatable {
    /// Hidden where it would overlap any placed part.
    case never
    /// Shown whatever it overlaps.
    case always
    /// Shown over parts placed with `always` or `cooperative`, hidden where it would overlap
    /// one placed with `never`.
    case cooperative

    /// `text-overlap` or `icon-overlap`'s value (nil: not set, so `allowOverlap` decides).
    init(_ value: (some StyleKeyword)?, allowOverlap: Bool) {
        self = value.flatMap { SymbolOverlap(rawValue: $0.rawValue) } ?? (allowOverlap ? .always : .never)
    }
}

/// The boxes placed symbols took, each with whether it yields to a `cooperative` part (it was
/// placed with `always` or `cooperative` overlap).
struct TakenBoxes {
    private(set) var boxes: [LabelArea.Box] = []
    private var yields: [Bool] = []

    /// Whether a part placed with `overlap` at `box` is kept out by a box already taken.
    func blocks(_ box: LabelArea.Box, _ overlap: SymbolOverlap) -> Bool {
        switch overlap {
        case .always: return false
        case .never: return boxes.contains { LabelArea.overlap(box, $0) }
        case .cooperative: return boxes.indices.contains { !yields[$0] && LabelArea.overlap(box, boxes[$0]) }
        }
    }

    /// Takes `added`, placed with `overlap`.
    mutating func take(_ added: [LabelArea.Box], _ overlap: SymbolOverlap) {
        boxes += added
        yields += Array(repeating: overlap != .never, count: added.count)
    }
}
