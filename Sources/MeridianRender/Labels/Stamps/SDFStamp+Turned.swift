import Foundation

extension SDFStamp {
    /// The stamp of `quads` (set upright about the reference point, device pixels) mapped by
    /// `m` about it (turned, or laid on the ground), then moved `phase` device pixels: each
    /// pixel's centre mapped back into the glyphs' texels and inked there, as MapLibre's GPU
    /// samples a turned glyph quad (no second resampling of an upright stamp, so turned text
    /// keeps its edges). Nil for a map that is not invertible or not finite.
    static func mapped(
        _ quads: [Quad], k: Double, passes: [Pass], by m: StampMatrix, phase: (x: Double, y: Double)
    ) -> LabelStamp? {
        let det = m.a * m.d - m.b * m.c
        guard !quads.isEmpty, !passes.isEmpty, k > 0, k.isFinite, det.isFinite, abs(det) > 1e-6 else { return nil }
        /// A quad's corners on the screen, from the reference point.
        func corners(_ q: Quad) -> [(x: Double, y: Double)] {
            let (w, h) = (q.texels.0 * k, q.texels.1 * k)
            return [(q.x, q.y), (q.x + w, q.y), (q.x, q.y + h), (q.x + w, q.y + h)].map {
                let p = m.apply($0.0, $0.1)
                return (p.x + phase.x, p.y + phase.y)
            }
        }
        let all = quads.flatMap(corners)
        let left = Int(all.map(\.x).min()!.rounded(.down)) - 1
        let top = Int(all.map(\.y).min()!.rounded(.down)) - 1
        let right = Int(all.map(\.x).max()!.rounded(.up)) + 1
        let bottom = Int(all.map(\.y).max()!.rounded(.up)) + 1
        let (w, h) = (right - left, bottom - top)
        guard w > 0, h > 0, w * h <= 4096 * 512 else { return nil }
        var pixels = [Float](repeating: 0, count: w * h * 4)
        for pass in passes {
            for q in quads {
                let box = corners(q)
                let x0 = max(0, Int(box.map(\.x).min()!.rounded(.down)) - left)
                let x1 = min(w, Int(box.map(\.x).max()!.rounded(.up)) - left)
                let y0 = max(0, Int(box.map(\.y).min()!.rounded(.down)) - top)
                let y1 = min(h, Int(box.map(\.y).max()!.rounded(.up)) - top)
                guard x0 < x1, y0 < y1 else { continue }
                ink(q, k: k, pass: pass, into: &pixels, width: w, rows: y0..<y1, columns: x0..<x1) { px, py in
                    // The pixel's centre from the reference point, mapped back upright.
                    let (X, Y) = (Double(px + left) + 0.5 - phase.x, Double(py + top) + 0.5 - phase.y)
                    return ((m.d * X - m.c * Y) / det, (-m.b * X + m.a * Y) / det)
                }
            }
        }
        return stamp(pixels, width: w, height: h, left: left, top: top)
    }

    /// Inks one quad over the pixels of `rows` × `columns` (MapLibre's SDF arithmetic: the
    /// field sampled bilinearly, `smoothstep` about the pass's edge), each pixel's centre placed
    /// in the quad's upright frame by `upright` (device pixels from the reference point).
    static func ink(
        _ q: Quad, k: Double, pass: Pass, into pixels: inout [Float], width: Int, rows: Range<Int>,
        columns: Range<Int>, upright: (Int, Int) -> (Double, Double)
    ) {
        let (fw, fh, pad) = (q.width, q.height, q.pad)
        let (qw, qh) = q.texels
        guard q.field.count == fw * fh else { return }
        let (lo, hi) = (pass.edge - pass.gamma, pass.edge + pass.gamma)
        let c = pass.color
        let premultiplied = [Float(c.r * c.a), Float(c.g * c.a), Float(c.b * c.a), Float(c.a)]
        q.field.withUnsafeBufferPointer { field in
            func texel(_ i: Int, _ j: Int) -> Double {
                let (bx, by) = (i - pad, j - pad)
                guard bx >= 0, by >= 0, bx < fw, by < fh else { return 0 }
                return Double(field[by * fw + bx])
            }
            for py in rows {
                for px in columns {
                    let (lx, ly) = upright(px, py)
                    let (u, v) = ((lx - q.x) / k, (ly - q.y) / k)
                    guard u >= 0, u < qw, v >= 0, v < qh else { continue }
                    let (tx, ty) = (u - 0.5, v - 0.5)
                    let (i, j) = (Int(tx.rounded(.down)), Int(ty.rounded(.down)))
                    let (fx, fy) = (tx - Double(i), ty - Double(j))
                    let top = texel(i, j) * (1 - fx) + texel(i + 1, j) * fx
                    let bottom = texel(i, j + 1) * (1 - fx) + texel(i + 1, j + 1) * fx
                    let d = (top * (1 - fy) + bottom * fy) / 255
                    guard d > lo else { continue }
                    var alpha = Float(smoothstep(lo, hi, d))
                    if let inner = pass.inner {
                        alpha = min(alpha, 1 - Float(smoothstep(inner - pass.gamma, inner + pass.gamma, d)))
                    }
                    let at = (py * width + px) * 4
                    let keep = 1 - premultiplied[3] * alpha
                    for n in 0..<4 { pixels[at + n] = premultiplied[n] * alpha + pixels[at + n] * keep }
                }
            }
        }
    }
}
