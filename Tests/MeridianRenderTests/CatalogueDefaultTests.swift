import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// The catalogue is the one home of every property's default: for every drawn property of every
/// layer kind, a layer that leaves it unset draws exactly (every pixel) as the same layer setting
/// it to the specification's default, over the default data under a turned and tilted camera.
/// A default typed anew anywhere in the renderer, or a reader that tells "unset" from "set to the
/// default", fails here.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct CatalogueDefaultTests {
    /// A layer the properties are tried on: its kind, source and what it must set to draw
    /// anything (a symbol's text, a colour relief's ramp), and the camera over its data.
    struct Base: CustomStringConvertible {
        let kind: Style.Layer.Kind
        let source: String
        let members: String
        var layout: [String: String] = [:]
        var paint: [String: String] = [:]
        var at = Coordinate(latitude: 60.1699, longitude: 24.9450)
        var zoom = 16.0

        var description: String { "\(kind.rawValue) \(members) \(layout.keys.sorted()) \(paint.keys.sorted())" }

        /// Whether the base sets `property` itself (then another base tries it).
        func sets(_ property: StyleProperty) -> Bool {
            layout[property.name] != nil || paint[property.name] != nil
        }

        func style(adding property: StyleProperty? = nil, _ value: StyleValue? = nil) -> String {
            var (layout, paint) = (layout, paint)
            if let property, let value {
                if property.group == .layout {
                    layout[property.name] = value.jsonText
                } else {
                    paint[property.name] = value.jsonText
                }
            }
            func group(_ members: [String: String]) -> String {
                "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
                    + "}"
            }
            return #"""
                {"version": 8, "sources": {\#(source)},
                 "layers": [{"id": "x", "type": "\#(kind.rawValue)", \#(members)
                   "layout": \#(group(layout)), "paint": \#(group(paint))}]}
                """#
        }
    }

    static let vector = #""v": {"type": "vector", "url": "mbtiles://openmaptiles"}"#
    static let name = #"["get", "name"]"#

    static let bases: [Base] = [
        Base(kind: .background, source: "", members: ""),
        Base(kind: .fill, source: vector, members: #""source": "v", "source-layer": "building","#),
        Base(kind: .line, source: vector, members: #""source": "v", "source-layer": "transportation","#),
        Base(
            kind: .symbol, source: vector, members: #""source": "v", "source-layer": "poi","#,
            layout: ["text-field": name, "icon-image": #""dot""#]),
        Base(
            kind: .symbol, source: vector, members: #""source": "v", "source-layer": "transportation_name","#,
            layout: ["text-field": name, "symbol-placement": #""line""#]),
        Base(
            kind: .symbol, source: vector, members: #""source": "v", "source-layer": "poi","#,
            layout: ["icon-image": #""dot""#]),
        // What only shows with others set: justification beside a side anchor and over several
        // lines, pitch alignments following a map rotation, a radial offset of variable anchors.
        Base(
            kind: .symbol, source: vector, members: #""source": "v", "source-layer": "poi","#,
            layout: [
                "text-field": name, "icon-image": #""dot""#, "text-anchor": #""left""#, "text-max-width": "4",
                "text-rotation-alignment": #""map""#, "icon-rotation-alignment": #""map""#,
            ]),
        Base(
            kind: .symbol, source: vector, members: #""source": "v", "source-layer": "poi","#,
            layout: ["text-field": name, "text-variable-anchor": #"["top", "bottom", "left"]"#]),
        Base(kind: .circle, source: vector, members: #""source": "v", "source-layer": "poi","#),
        Base(kind: .fillExtrusion, source: vector, members: #""source": "v", "source-layer": "building","#),
        Base(
            kind: .fillExtrusion, source: vector, members: #""source": "v", "source-layer": "building","#,
            paint: ["fill-extrusion-height": #"["get", "render_height"]"#]),
        Base(kind: .heatmap, source: vector, members: #""source": "v", "source-layer": "poi","#),
        Base(
            kind: .raster, source: #""r": {"type": "raster", "url": "mbtiles://imagery", "tileSize": 256}"#,
            members: #""source": "r","#),
        Base(
            kind: .hillshade, source: #""d": {"type": "raster-dem", "url": "mbtiles://elevation/jacksboro"}"#,
            members: #""source": "d","#, at: Coordinate(latitude: 36.59, longitude: -84.25), zoom: 11),
        Base(
            kind: .colorRelief, source: #""d": {"type": "raster-dem", "url": "mbtiles://elevation/jacksboro"}"#,
            members: #""source": "d","#,
            paint: [
                "color-relief-color": ##"["interpolate", ["linear"], ["elevation"], 300, "#204020", 800, "#f0e0c0"]"##
            ],
            at: Coordinate(latitude: 36.59, longitude: -84.25), zoom: 11),
    ]

    static func pixels(_ json: String, _ base: Base) throws -> [UInt32] {
        let style = try Style(json: Data(json.utf8))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let view = try Viewport(
            camera: try CameraPosition(target: base.at, zoom: base.zoom, bearing: 30, tilt: 45),
            size: ScreenSize(width: 160, height: 160))
        let frame = try renderer.render(
            view, sources: MapSources(style: style, folder: DataFolder(path: TestData.directory)))
        return try #require(decodePNG(frame.png)).pixels
    }

    @Test(
        "every drawn property of every layer kind: unset draws exactly as set to the specification's default",
        arguments: Style.Layer.Kind.allCases)
    func unsetIsDefault(kind: Style.Layer.Kind) throws {
        let bases = Self.bases.filter { $0.kind == kind }
        try #require(!bases.isEmpty, "a base layer for every kind")
        var tried: Set<StylePropertyName> = []
        for base in bases {
            let unset = try Self.pixels(base.style(), base)
            #expect(Set(unset).count > 1 || kind == .background, "the base draws something: \(base)")
            for property in StyleProperty.all(of: kind)
            where property.drawn && !property.ownLook && !base.sets(property) {
                guard let value = property.defaultValue else { continue }
                let set = try Self.pixels(base.style(adding: property, value), base)
                let differ = zip(unset, set).filter { $0 != $1 }.count
                #expect(differ == 0, "\(property.name): \(value.jsonText) draws \(differ) pixels otherwise (\(base))")
                tried.insert(property.key)
            }
        }
        let untried = StyleProperty.all(of: kind).filter {
            $0.drawn && !$0.ownLook && $0.defaultValue != nil && !tried.contains($0.key)
        }
        #expect(untried.isEmpty, "tried on no base: \(untried.map(\.name))")
    }

    @Test("text-font is the one property drawn otherwise when unset (Meridian's own look), and named so")
    func ownLook() {
        let own = Style.Layer.Kind.allCases.flatMap { StyleProperty.all(of: $0) }.filter(\.ownLook)
        #expect(own.map(\.name) == ["text-font"])
    }
}
