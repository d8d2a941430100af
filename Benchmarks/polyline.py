"""Google's encoded polyline algorithm, for the load scripts' long paths."""


def encode(points):
    """Google's encoded polyline algorithm (1e5 precision)."""
    out, last = [], (0, 0)
    for lat, lng in points:
        cur = (round(lat * 1e5), round(lng * 1e5))
        for d in (cur[0] - last[0], cur[1] - last[1]):
            v = ~(d << 1) if d < 0 else d << 1
            while v >= 0x20:
                out.append(chr((0x20 | (v & 0x1F)) + 63))
                v >>= 5
            out.append(chr(v + 63))
        last = cur
    return "".join(out)
