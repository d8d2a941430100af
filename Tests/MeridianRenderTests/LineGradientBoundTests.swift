import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import Testing

/// The work and memory of `line-gradient` bounded whatever the data (issue 49, item 8): a line
/// scribbled 100,000 times across the view used to be cut into steps of 2 points everywhere (a
/// stroke per run of colour per piece: 2.2 GB for a million vertices); now a layer's lines take at
/// most `LineGradient.maxSteps` steps (beyond one a segment) and consecutive runs of one colour
/// are one stroke.
struct LineGradientBoundTests {
    /// `count` vertices zigzagging across a 512-point view, progress 0 to 1 along them.
    static func scribble(_ count: Int) -> (screen: [ScreenPoint?], progress: [Double]) {
        let screen: [ScreenPoint?] = (0..<count).map { i in
            ScreenPoint(x: i % 2 == 0 ? 6 : 506, y: 6 + Double(i % 500))
        }
        return (screen, (0..<count).map { Double($0) / Double(count - 1) })
    }

    static let ramp: [RGBA?] = (0..<256).map { RGBA(Double($0) / 255, 0, 1 - Double($0) / 255) }

    static func points(_ ops: [DrawOp]) -> Int {
        ops.reduce(0) { sum, op in
            if case let .stroke(lines, _, _, _, _) = op { return sum + lines.points.count }
            return sum
        }
    }

    @Test("100,000 segments of 500 points: at most maxSteps steps beyond one a segment, about one stroke per colour")
    func bounded() throws {
        let (screen, progress) = Self.scribble(100_001)
        let canvas = try Canvas(size: ScreenSize(width: 512, height: 512), scale: 1)
        var budget = LineGradient.maxSteps
        var ink = LineGradient.Ink()
        LineGradient.draw(
            screen, progress: progress, ramp: Self.ramp, style: StrokeStyle(join: .bevel, cap: .butt),
            view: canvas.size, budget: &budget, ink: &ink, on: canvas
        ) { _ in 2 }
        ink.flush(on: canvas)
        let steps = LineGradient.maxSteps + 100_000
        // Each run holds its steps' ends and one step of overlap with the run before.
        #expect(Self.points(canvas.ops) <= steps + 3 * 256, "\(Self.points(canvas.ops)) points")
        #expect(canvas.ops.count <= 2 * 256, "\(canvas.ops.count) strokes")
        // At full detail the same line would have taken 2.5e7 steps.
        #expect(budget < 0)
    }

    @Test("an ordinary line keeps its 2-point steps and draws as before: red to blue across the view")
    func ordinary() throws {
        let screen: [ScreenPoint?] = [ScreenPoint(x: 0, y: 100), ScreenPoint(x: 400, y: 100)]
        let canvas = try Canvas(size: ScreenSize(width: 512, height: 512), scale: 1)
        var budget = LineGradient.maxSteps
        var ink = LineGradient.Ink()
        LineGradient.draw(
            screen, progress: [0, 1], ramp: Self.ramp, style: StrokeStyle(join: .bevel, cap: .butt),
            view: canvas.size, budget: &budget, ink: &ink, on: canvas
        ) { _ in 2 }
        ink.flush(on: canvas)
        #expect(budget == LineGradient.maxSteps - 200, "400 points in steps of 2")
        #expect(canvas.ops.count >= 200 && canvas.ops.count <= 256, "\(canvas.ops.count) runs of colour")
    }
}
