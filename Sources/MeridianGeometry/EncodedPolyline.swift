/// Google's encoded polyline format: coordinates rounded to 1e-5 degrees, delta-coded,
/// zig-zag signed, written as 5-bit chunks in the printable range 63...126.
public enum EncodedPolyline {
    /// Encodes a path. Non-finite coordinates are skipped (they have no representation).
    public static func encode<C: Sequence>(_ path: C) -> String where C.Element == Coordinate {
        var out: [UInt8] = []
        var lastLat = 0
        var lastLng = 0
        for c in path where c.isFinite {
            let lat = Int((c.latitude * 1e5).rounded())
            let lng = Int((c.longitude * 1e5).rounded())
            appendValue(lat - lastLat, to: &out)
            appendValue(lng - lastLng, to: &out)
            lastLat = lat
            lastLng = lng
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendValue(_ value: Int, to out: inout [UInt8]) {
        var v = value < 0 ? ~(value << 1) : value << 1
        while v >= 0x20 {
            out.append(UInt8((0x20 | (v & 0x1f)) + 63))
            v >>= 5
        }
        out.append(UInt8(v + 63))
    }

    /// Decodes an encoded path, or `nil` when the string is not a valid encoding (a character
    /// outside 63...126, a value cut off mid-way, an odd number of values, or a latitude
    /// beyond ±90°). The empty string is the empty path.
    public static func decode(_ encoded: String) -> [Coordinate]? {
        var values: [Int] = []
        var current = 0
        var shift = 0
        var inValue = false
        for byte in encoded.utf8 {
            guard (63...126).contains(byte), shift <= 30 else { return nil }
            let chunk = Int(byte) - 63
            current |= (chunk & 0x1f) << shift
            shift += 5
            inValue = true
            if chunk < 0x20 {
                values.append((current & 1) != 0 ? ~(current >> 1) : current >> 1)
                current = 0
                shift = 0
                inValue = false
            }
        }
        guard !inValue, values.count % 2 == 0 else { return nil }
        var path: [Coordinate] = []
        path.reserveCapacity(values.count / 2)
        var lat = 0
        var lng = 0
        for i in stride(from: 0, to: values.count, by: 2) {
            lat += values[i]
            lng += values[i + 1]
            guard abs(lat) <= 9_000_000 else { return nil }
            path.append(Coordinate(latitude: Double(lat) / 1e5, longitude: Double(lng) / 1e5))
        }
        return path
    }
}
