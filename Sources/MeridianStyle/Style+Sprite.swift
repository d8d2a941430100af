extension Style {
    /// One sprite the style names (root `sprite`): where its `.json` index and `.png` image are,
    /// without the extension (`@2x` is put before it for pixel ratio 2), and its id.
    ///
    /// The string form is one sprite with id `default`; the array form lists `{"id", "url"}`
    /// objects. Images of the `default` sprite are named as in its index; those of another are
    /// named `id:name`, as MapLibre names them.
    public struct Sprite: Hashable, Sendable {
        public let id: String
        /// A path (absolute, or relative to the style file's ``Style/folder``), a `file://` URL,
        /// or an `http(s)://` URL (not fetched: the renderer says so and draws no icons from it).
        public let url: String

        public init(id: String, url: String) { (self.id, self.url) = (id, url) }

        /// The prefix of this sprite's image names (`""` for `default`, else `id:`).
        public var prefix: String { id == "default" ? "" : id + ":" }
    }

    /// The icon the renderer draws without a sprite (or when no sprite has an image of the
    /// name): `dot`, a disc in `icon-color` (also an image of the sprite Meridian serves to
    /// MapLibre clients).
    public static let builtInIcon = "dot"

    /// Most sprites one style may name.
    public static let maxSprites = 16

    /// The root `sprite` member read: absent is none; a string or an array of `{"id", "url"}`
    /// objects with distinct ids. Anything else is a warning naming `sprite`, and no sprite.
    static func sprites(_ value: StyleValue?, warnings: inout [StyleWarning]) -> [Sprite] {
        func bad(_ why: String) -> [Sprite] {
            warnings.append(StyleWarning(property: "sprite", "\(why); no icons or patterns are drawn from it"))
            return []
        }
        switch value {
        case nil: return []
        case let .string(url)?:
            return url.isEmpty ? bad("is an empty string") : [Sprite(id: "default", url: url)]
        case let .array(items)?:
            guard items.count <= maxSprites else { return bad("names more than \(maxSprites) sprites") }
            var out: [Sprite] = []
            for item in items {
                guard case let .object(o) = item, let id = o["id"]?.string, !id.isEmpty, let url = o["url"]?.string,
                    !url.isEmpty
                else { return bad("each item must be {\"id\": STRING, \"url\": STRING}") }
                guard !out.contains(where: { $0.id == id }) else { return bad("the id \"\(id)\" is used twice") }
                out.append(Sprite(id: id, url: url))
            }
            return out
        default: return bad("must be a URL or an array of {\"id\", \"url\"}")
        }
    }
}

extension Style {
    /// Most characters of a `glyphs` template.
    public static let maxGlyphsURL = 2048

    /// The root `glyphs` member read: absent is none; a string of at most ``maxGlyphsURL``
    /// characters holding `{range}` (and, as MapLibre's templates do, usually `{fontstack}`).
    /// Anything else is a warning naming `glyphs`, and none: text is then drawn from the system's
    /// faces.
    static func glyphs(_ value: StyleValue?, warnings: inout [StyleWarning]) -> String? {
        guard let value else { return nil }
        guard let url = value.string, url.count <= maxGlyphsURL, url.contains("{range}") else {
            warnings.append(
                StyleWarning(
                    property: "glyphs",
                    "must be a URL template with {range} (at most \(maxGlyphsURL) characters); text is drawn from the system's faces"
                ))
            return nil
        }
        return url
    }
}
