import MeridianTestSupport
import MeridianTiles

/// A structure-aware fuzzer for vector tiles: every tile it makes has valid protobuf framing
/// (so the decoder gets past the wire layer), while the content is hostile: extreme varints
/// (0, 2³¹, 2⁵³, 2⁶³, 2⁶⁴−1…), zig-zag deltas near ±2⁶³, command counts far past the
/// parameters, unknown commands, tag indices out of range, odd tag counts, extents of 1 and
/// 2⁶⁴−1, huge feature ids and types. Byte flipping rarely reaches these paths; this does.
///
/// Deterministic: the same seed gives the same tiles (SplitMix64).
public struct TileFuzzer {
    /// One generated tile and what it holds: per layer, how many features were written.
    public struct Case {
        public var bytes: [UInt8]
        public var featuresPerLayer: [Int]
    }

    var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The next pseudo-random 64 bits.
    public mutating func next() -> UInt64 { random.next() }

    mutating func below(_ n: Int) -> Int { random.below(n) }

    static let extremes: [UInt64] = [
        0, 1, 2, 3, 127, 128, 4095, 4096, 1 << 31 - 1, 1 << 31, 1 << 32, 1 << 32 + 1, 1 << 53, 1 << 62,
        UInt64(Int64.max) - 1, UInt64(Int64.max), 1 << 63, UInt64.max - 1, UInt64.max,
    ]

    /// A varint that is extreme half the time, small otherwise.
    mutating func varint() -> UInt64 { below(2) == 0 ? Self.extremes[below(Self.extremes.count)] : next() % 9000 }

    /// A geometry command word: a real or unknown command id with an ordinary or absurd count.
    mutating func commandWord() -> UInt64 {
        let id: UInt64 = [1, 2, 7, 1, 2, 0, 3, 4, 5, 6][below(10)]
        let count: UInt64 = below(3) == 0 ? varint() >> 3 : UInt64(below(6))
        return count << 3 | id
    }

    mutating func feature(keys: Int, values: Int) -> [UInt8] {
        var w = MVTWriter()
        if below(2) == 0 {
            w.key(1, 0)
            w.varint(varint())
        }
        var tags: [UInt64] = []
        for _ in 0..<below(5) {
            tags.append(below(8) == 0 ? varint() : UInt64(below(max(keys, 1))))
            tags.append(below(8) == 0 ? varint() : UInt64(below(max(values, 1))))
        }
        if below(10) == 0 { tags.append(0) }  // an odd count
        w.message(2, MVTWriter.packed(tags))
        w.key(3, 0)
        w.varint(below(4) == 0 ? varint() : UInt64(1 + below(3)))
        var geometry: [UInt64] = []
        for _ in 0..<(1 + below(6)) {
            geometry.append(commandWord())
            for _ in 0..<(below(4) == 0 ? below(3) : 2 * (1 + below(4))) {
                geometry.append(below(3) == 0 ? varint() : MVTWriter.zigzag(Int64(below(8192)) - 4096))
            }
        }
        w.message(4, MVTWriter.packed(geometry))
        return w.bytes
    }

    mutating func value() -> [UInt8] {
        switch below(7) {
        case 0: return MVTWriter.value(.string(String(repeating: "x", count: below(40))))
        case 1: return MVTWriter.value(.float(Float(bitPattern: UInt32(truncatingIfNeeded: varint()))))
        case 2: return MVTWriter.value(.double(Double(bitPattern: varint())))
        case 3: return MVTWriter.value(.int(Int64(bitPattern: varint())))
        case 4: return MVTWriter.value(.uint(varint()))
        case 5: return MVTWriter.value(.sint(Int64(bitPattern: varint())))
        default: return MVTWriter.value(.bool(below(2) == 0))
        }
    }

    /// A whole tile: one to three layers with names, keys, values, a nonzero extent (which may
    /// be absurd) and zero to six hostile features each.
    public mutating func tile() -> Case {
        var w = MVTWriter()
        var counts: [Int] = []
        for l in 0..<(1 + below(3)) {
            var layer = MVTWriter()
            layer.key(15, 0)
            layer.varint(below(4) == 0 ? varint() : 2)
            layer.string(1, "layer\(l)")
            let keys = below(4)
            let values = below(4)
            let features = below(7)
            for k in 0..<keys { layer.string(3, "k\(k)") }
            for _ in 0..<values { layer.message(4, value()) }
            for _ in 0..<features { layer.message(2, feature(keys: keys, values: values)) }
            let extent = varint()
            layer.key(5, 0)
            layer.varint(extent == 0 ? 4096 : extent)
            w.message(3, layer.bytes)
            counts.append(features)
        }
        return Case(bytes: w.bytes, featuresPerLayer: counts)
    }
}
