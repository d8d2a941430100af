/// Whether bytes are an image of a format: what a resumed tile job checks its journal by.
extension ImageFormat {
    /// Whether `bytes` are a `side` × `side` image of this format: PNG and WebP decoded whole
    /// (Cairo, libwebp); JPEG read to its frame header (the size) and checked to end with its
    /// end-of-image marker. Anything else (another format, cut short, corrupt) is false.
    public func isTile(_ bytes: [UInt8], side: Int) -> Bool {
        switch self {
        case .png:
            guard let image = try? RasterImage(png: bytes, named: "a tile") else { return false }
            return image.width == side && image.height == side
        case .webp:
            guard let image = try? RasterImage(webp: bytes, named: "a tile") else { return false }
            return image.width == side && image.height == side
        case .jpeg:
            guard let size = Self.jpegSize(bytes) else { return false }
            return size == (side, side) && bytes.suffix(2).elementsEqual([0xFF, 0xD9])
        }
    }

    /// A JPEG's width and height from its start-of-frame segment; nil when the bytes do not
    /// start as a JPEG or end before one.
    static func jpegSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= b.count {
            guard b[at] == 0xFF else { return nil }
            let marker = b[at + 1]
            if marker == 0xFF {  // a fill byte
                at += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {  // markers without a length
                at += 2
                continue
            }
            let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard length >= 2 else { return nil }
            // SOF0–SOF15, but for DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard at + 9 <= b.count else { return nil }
                return (Int(b[at + 7]) << 8 | Int(b[at + 8]), Int(b[at + 5]) << 8 | Int(b[at + 6]))
            }
            at += 2 + length
        }
        return nil
    }
}
