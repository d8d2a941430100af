/// The error every Meridian entry point throws for a number it cannot use.
///
/// It names the parameter, the value and what was wrong, so a caller (or a CLI user, or an
/// HTTP client) can tell exactly which input to fix. Throwing it never changes existing state.
public struct InvalidArgument: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the value.
    public enum Problem: Hashable, Sendable {
        /// NaN or ±infinity.
        case notFinite
        /// Finite, but outside the accepted range (bounds inclusive).
        case outOfRange(lowerBound: Double, upperBound: Double)
        /// Finite and in range, but inconsistent with another argument (the message says how).
        case inconsistent(String)
    }

    /// The parameter's name as the caller spells it, e.g. `"zoom"` or `"size.width"`.
    public let parameter: String
    /// The offending value.
    public let value: Double
    /// What was wrong with ``value``.
    public let problem: Problem

    /// Creates the error for `value` given as `parameter`, with what was wrong with it.
    public init(parameter: String, value: Double, problem: Problem) {
        self.parameter = parameter
        self.value = value
        self.problem = problem
    }

    /// A one-line message naming the parameter, the value and the problem, e.g.
    /// `maxTilt must be in [0.0, 65.0], got 80.0`.
    public var description: String {
        switch problem {
        case .notFinite:
            return "\(parameter) must be a finite number, got \(value)"
        case let .outOfRange(lo, hi):
            return "\(parameter) must be in [\(lo), \(hi)], got \(value)"
        case let .inconsistent(why):
            return "\(parameter) = \(value): \(why)"
        }
    }

    /// Returns `value` if it is finite, else throws ``Problem/notFinite`` naming `parameter`.
    @inlinable
    public static func finite(_ value: Double, _ parameter: String) throws(InvalidArgument) -> Double {
        guard value.isFinite else { throw InvalidArgument(parameter: parameter, value: value, problem: .notFinite) }
        return value
    }

    /// Returns `value` if it is finite and in `range` (bounds inclusive), else throws naming
    /// `parameter`: ``Problem/notFinite`` for NaN or ±infinity,
    /// ``Problem/outOfRange(lowerBound:upperBound:)`` otherwise.
    @inlinable
    public static func inRange(
        _ value: Double, _ range: ClosedRange<Double>, _ parameter: String
    ) throws(InvalidArgument) -> Double {
        let v = try finite(value, parameter)
        guard range.contains(v) else {
            throw InvalidArgument(
                parameter: parameter, value: v,
                problem: .outOfRange(lowerBound: range.lowerBound, upperBound: range.upperBound))
        }
        return v
    }
}
