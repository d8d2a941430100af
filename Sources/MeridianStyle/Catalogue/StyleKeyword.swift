/// The value of an enumeration property (`line-join`, `symbol-placement`…) as a Swift enum, one
/// per property, generated with the catalogue (`StyleProperty+Keywords.swift`): code reads
/// `StyleProperty.LineJoin`, never compares strings.
public protocol StyleKeyword: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// The property whose values these are.
    static var property: StylePropertyName { get }
}

/// A keyword whose property has a default in the specification (all but `icon-overlap` and
/// `text-overlap`, which fall back on `*-allow-overlap`): an unset property reads as it.
public protocol DefaultedStyleKeyword: StyleKeyword {
    /// The specification's default, the value of the property where a layer leaves it unset.
    static var specificationDefault: Self { get }
}

extension StyleKeyword {
    /// The keyword a style value names, or nil when it is not a string of this enumeration.
    @inlinable public init?(_ value: StyleValue?) {
        guard let name = value?.string else { return nil }
        self.init(rawValue: name)
    }
}
