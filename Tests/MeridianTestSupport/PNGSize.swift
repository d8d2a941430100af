import Foundation

/// Width and height from a PNG's IHDR chunk, nil when the bytes are not a PNG (tests only).
public func pngSize(_ data: Data) -> (Int, Int)? {
    let b = [UInt8](data)
    guard b.count > 24, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        b[12...15].elementsEqual("IHDR".utf8)
    else { return nil }
    func be(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    return (be(16), be(20))
}
