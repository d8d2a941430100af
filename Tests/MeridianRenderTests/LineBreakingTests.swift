import Foundation
@testable import MeridianRender
import Testing

/// `text-max-width`: point labels broken into even lines at spaces and after Han or kana, by
/// MapLibre's badness (the last line rather shorter than the target than longer).
@Suite struct LineBreakingTests {
    static func width(_ s: String, size: Double) -> Double { TextShaper.shape(s).advance * size }

    @Test(
        "a name that fits, a single long word, Thai (no dictionary), a forced break and no width stay as they are; a width of 0 breaks everywhere"
    )
    func unbroken() {
        #expect(LineBreaking.lines("Kaivokatu", size: 10, maxWidth: 10) == ["Kaivokatu"])
        let word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
        #expect(LineBreaking.lines(word, size: 10, maxWidth: 5) == [word])
        #expect(LineBreaking.lines("กรุงเทพมหานครอมรรัตนโกสินทร์", size: 10, maxWidth: 3).count == 1)
        #expect(LineBreaking.lines("Upper\nLower", size: 10, maxWidth: 10) == ["Upper", "Lower"])
        #expect(LineBreaking.lines("any text at all", size: 10, maxWidth: .infinity) == ["any text at all"])
        // A width of 0 breaks wherever a line may (MapLibre's target width 0: the render suite's
        // text-max-width/zero-width-point-placement).
        #expect(LineBreaking.lines("any text at all", size: 10, maxWidth: 0) == ["any", "text", "at", "all"])
    }

    @Test(
        "a long name breaks at spaces into lines near the target width, the words in order, as even as the words allow")
    func spaces() throws {
        let text = "Helsingin yliopisto Valtiotieteellinen tiedekunta Unioninkatu"
        let lines = LineBreaking.lines(text, size: 10, maxWidth: 10)
        #expect(lines.count >= 3 && lines.joined(separator: " ") == text, "\(lines)")
        // Four words of one width over two lines: two and two, not three and one.
        let even = LineBreaking.lines(
            "abcd abcd abcd abcd", size: 10, maxWidth: Self.width("abcd abcd abcd", size: 10) / 10)
        #expect(even == ["abcd abcd", "abcd abcd"], "\(even)")
        // Three over two lines: the shorter line last (MapLibre halves a short last line's cost).
        let three = LineBreaking.lines("Test Test Test", size: 16, maxWidth: Self.width("Test Test", size: 1) * 1.1)
        #expect(three == ["Test Test", "Test"], "\(three)")
        // A parenthesis: no line ends on an opening one when another break is as good.
        let aside = LineBreaking.lines("Kamppi (Kampen) asema", size: 10, maxWidth: 8)
        #expect(!aside.contains { $0.hasSuffix("(") } && aside.joined(separator: " ") == "Kamppi (Kampen) asema")
    }

    @Test("Japanese without spaces breaks between characters, each line within an em of the target, nothing lost")
    func unspaced() {
        let text = "東京都渋谷区神南一丁目二番地"
        let lines = LineBreaking.lines(text, size: 12, maxWidth: 4)
        #expect(lines.count >= 3 && lines.joined() == text, "\(lines)")
        let total = Self.width(text, size: 1)
        let target = total / (total / 4).rounded(.up)
        for line in lines { #expect(abs(Self.width(line, size: 1) - target) <= 1 + 1e-9, "\(line)") }
    }

    @Test("drawn: the label's box grows by a line height for each line after the first, and is no wider than the width")
    func drawn() throws {
        let text = "Straße am Meer"
        let narrow = try #require(
            try TextTransformTests.placed(nil, extra: #", "text-max-width": 4"#, text: text).first)
        let wide = try #require(try TextTransformTests.placed(nil, text: text).first)  // the default 10 ems: one line
        let lines = LineBreaking.lines(text, size: 12, maxWidth: 4)
        try #require(lines.count >= 2)
        let grown = (narrow.box.bottom - narrow.box.top) - (wide.box.bottom - wide.box.top)
        #expect(abs(grown - Double(lines.count - 1) * LabelStamp.lineHeight * 12) < 1e-6, "\(lines): \(grown)")
        #expect(narrow.box.right - narrow.box.left < wide.box.right - wide.box.left)
    }

    @Test("a hostile name of 5,000 kanji is filled line by line, each line within the width, nothing lost")
    func hostile() {
        let text = String(repeating: "東京都渋谷区神南", count: 625)
        let lines = LineBreaking.lines(text, size: 12, maxWidth: 10)
        #expect(lines.joined() == text && lines.count >= 400, "\(lines.count) lines")
        #expect(lines.allSatisfy { Self.width($0, size: 12) <= 120 + 1e-9 })
    }
}
