import Foundation
@testable import MeridianData
import MeridianTestSupport
import MeridianTileFixtures
import Testing

@Suite struct OPLTrimTests {
    @Test(
        "ways naming absent nodes are cut to their longest present run; closed ones and runs under two nodes are dropped; the rest is kept"
    )
    func trims() throws {
        let input = """
            n1 v1 x24.9 y60.1
            n2 v1 x24.91 y60.1
            n3 v1 x24.92 y60.1
            n5 v1 x24.94 y60.1
            n6 v1 x24.95 y60.1
            n7 v1 x24.96 y60.1
            w10 v1 Thighway=primary,name=Mannerheimintie Nn1,n2,n3
            w11 v1 Thighway=residential Nn99,n1,n2,n98,n5,n6,n7,n97
            w12 v1 Tbuilding=yes Nn1,n2,n98,n3,n1
            w13 v1 Thighway=service Nn98,n1,n99
            w14 v1 Tname=Empty N
            r20 v1 Ttype=multipolygon Mw12@outer
            """
        let dir = temporaryPath("opl-trim")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try input.write(toFile: dir + "/in.opl", atomically: true, encoding: .utf8)
        let report = try OPLTrim.trim(input: dir + "/in.opl", output: dir + "/out.opl")
        #expect(report == OPLTrim.Report(waysKept: 2, waysTrimmed: 1, waysDropped: 2))
        let lines = try String(contentsOfFile: dir + "/out.opl", encoding: .utf8).split(separator: "\n").map(
            String.init)
        #expect(lines.contains("w10 v1 Thighway=primary,name=Mannerheimintie Nn1,n2,n3"))
        #expect(lines.contains("w11 v1 Thighway=residential Nn5,n6,n7"))  // the longest run of three
        #expect(!lines.contains { $0.hasPrefix("w12") || $0.hasPrefix("w13") })  // a closed way; a single node
        #expect(lines.contains("w14 v1 Tname=Empty N") && lines.contains("r20 v1 Ttype=multipolygon Mw12@outer"))
        #expect(lines.filter { $0.hasPrefix("n") }.count == 6)
    }

    @Test("numbers: digits with an optional minus; anything else or an overflow is nil")
    func numbers() {
        #expect(OPLTrim.number(Array("12345".utf8)) == 12345 && OPLTrim.number(Array("-7".utf8)) == -7)
        #expect(OPLTrim.number(Array("".utf8)) == nil && OPLTrim.number(Array("1x".utf8)) == nil)
        #expect(OPLTrim.number(Array("99999999999999999999".utf8)) == nil)
    }
}
