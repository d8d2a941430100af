// Core Animation's transaction, as the SDK's guide uses it to set the duration, timing and
// completion of camera animations: `CATransaction.begin()`, `setAnimationDuration(2)`,
// `mapView.animate(to:)`, `CATransaction.commit()`.
import Foundation
import MeridianMap
import MeridianMotion

#if !canImport(QuartzCore)
public struct CAMediaTimingFunctionName: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A timing curve by name or by control points.
public final class CAMediaTimingFunction: @unchecked Sendable {
    let curve: TimingCurve

    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: curve = .linear
        case .easeIn: curve = .easeIn
        case .easeOut: curve = .easeOut
        case .default: curve = .systemDefault
        default: curve = .easeInOut
        }
    }

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        curve = .cubicBezier(Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }
}

/// Seconds, as Core Foundation spells it.
public typealias CFTimeInterval = Double

/// The key for `setValue(_:forKey:)` that sets the duration (seconds, a number).
public let kCATransactionAnimationDuration = "animationDuration"

/// Nested transactions, like Core Animation's: settings apply to the animations started between
/// `begin()` and `commit()`; the completion block runs once, when the last of them has ended
/// (at once on commit if none started).
@MainActor
public final class CATransaction {
    final class Frame {
        var duration: Double?
        var timing: CAMediaTimingFunction?
        var completion: (() -> Void)?
        var pending = 0
        var committed = false

        func finishOne() {
            pending -= 1
            if pending == 0 && committed { run() }
        }

        func run() {
            let block = completion
            completion = nil
            block?()
        }
    }

    static var stack: [Frame] = []

    public static func begin() { stack.append(Frame()) }

    public static func commit() {
        guard let frame = stack.popLast() else { return }
        frame.committed = true
        if frame.pending == 0 { frame.run() }
    }

    public static func setAnimationDuration(_ seconds: CFTimeInterval) { stack.last?.duration = seconds }

    public static func animationDuration() -> CFTimeInterval {
        stack.last?.duration ?? AnimationOptions.defaultDuration
    }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { stack.last?.timing = function }

    public static func setCompletionBlock(_ block: (() -> Void)?) { stack.last?.completion = block }

    /// Only ``kCATransactionAnimationDuration`` is read (a number of seconds).
    public static func setValue(_ value: Any?, forKey key: String) {
        guard key == kCATransactionAnimationDuration else { return }
        if let d = value as? Double {
            setAnimationDuration(d)
        } else if let n = value as? NSNumber {
            setAnimationDuration(n.doubleValue)
        }
    }

    /// The options for an animation started now, registering it with the open transaction.
    static func animationOptions() -> AnimationOptions {
        guard let frame = stack.last else { return AnimationOptions() }
        frame.pending += 1
        return AnimationOptions(
            duration: frame.duration, curve: frame.timing?.curve ?? .easeInOut,
            completion: { _ in frame.finishOne() })
    }
}
#endif
