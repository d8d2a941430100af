import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// `text-font` names matched to installed faces by family, weight and slant through fontconfig,
/// the script chain after them.
@Suite struct FontByNameTests {
    @Test(
        "a font name is a family and style words: weights Thin to Black, Italic; a name of style words only is DejaVu's",
        arguments: [
            ("Noto Sans Regular", "Noto Sans", 400, false), ("Noto Sans Bold Italic", "Noto Sans", 700, true),
            ("Nunito Semi Bold", "Nunito", 600, false), ("Nunito Extra Bold", "Nunito", 800, false),
            ("Metropolis Medium Italic", "Metropolis", 500, true), ("Open Sans Light", "Open Sans", 300, false),
            ("Roboto", "Roboto", 400, false), ("Bold", nil, 700, false),
        ] as [(String, String?, Int, Bool)])
    func names(name: String, family: String?, weight: Int, italic: Bool) {
        let font = LabelFont(name: name)
        #expect(font.family == family && font.weight == weight && font.italic == italic, "\(font)")
    }

    @Test(
        "fontconfig finds the installed family's face at the weight and slant; a missing family is nil, not a substitute"
    )
    func matching() throws {
        let bold = try #require(FontMatcher.face(for: LabelFont(name: "Noto Sans Bold")))
        #expect(bold.file.hasSuffix("NotoSans-Bold.ttf"), "\(bold.file)")
        let italic = try #require(FontMatcher.face(for: LabelFont(name: "Noto Sans Italic")))
        #expect(italic.file.hasSuffix("NotoSans-Italic.ttf"), "\(italic.file)")
        #expect(FontMatcher.face(for: LabelFont(name: "Metropolis Regular")) == nil)
        // A stack takes its first installed family; with none, the first name's style in DejaVu Sans.
        #expect(LabelFont(stack: ["Metropolis Regular", "Noto Sans Bold"]) == LabelFont(name: "Noto Sans Bold"))
        #expect(LabelFont(stack: ["Metropolis Medium Italic"]) == LabelFont(family: nil, weight: 500, italic: true))
        #expect(LabelFont(stack: []) == .regular)
    }

    @Test("a label is shaped in the named face first, the script chain after it for what it lacks")
    func shaping() throws {
        let named = TextShaper.shape("Helsinki 東京", font: LabelFont(name: "Noto Sans Bold"))
        #expect(named.runs.first?.face?.file.hasSuffix("NotoSans-Bold.ttf") == true)
        #expect(named.runs.contains { $0.face?.file.contains("NotoSansCJK") == true } && named.missing == 0)
        #expect(TextShaper.shape("Helsinki").runs.first?.face?.file.hasSuffix("DejaVuSans.ttf") == true)
        // A family that is not installed: DejaVu Sans at the style asked for (here its oblique).
        let oblique = TextShaper.shape("Helsinki", font: LabelFont(stack: ["Metropolis Italic"]))
        #expect(oblique.runs.first?.face?.file.hasSuffix("DejaVuSans-Oblique.ttf") == true)
    }

    @Test(
        "on the real data, street names drawn in the named face differ from Meridian's own; an unknown family falls back to it",
        .enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
    func realData() throws {
        func png(_ font: String) throws -> [UInt8] {
            try RenderData.png(
                layers:
                    ##", {"id": "names", "type": "symbol", "source": "openmaptiles", "source-layer": "transportation_name", "layout": {"symbol-placement": "line", "text-field": ["get", "name"], "text-size": 12\##(font)}, "paint": {"text-color": "#333333"}}"##,
                zoom: 16, width: 384, height: 288)
        }
        let own = try png("")
        #expect(try png(#", "text-font": ["Noto Sans Italic"]"#) != own)
        #expect(try png(#", "text-font": ["No Such Family Regular"]"#) == own)
    }
}
