import MeridianCamera
import MeridianGeometry
import MeridianText
import Testing

@Suite struct TextValueTests {
    @Test(
        "non-finite and malformed numbers are rejected with the value named",
        arguments: ["nan,1", "1,inf", "-infinity,0", "1,,2", "a,b", ""])
    func badNumbers(_ text: String) {
        let error = #expect(throws: TextError.self) { try TextValues.coordinate(text) }
        #expect(error?.message.contains("coordinate") == true)
    }

    @Test func cameraFormsClampAndWrap() throws {
        let c = try TextValues.camera("50,480,6,-90,45")
        #expect(c.target == Coordinate(latitude: 50, longitude: 120) && c.bearing == 270 && c.tilt == 30)
        #expect(throws: TextError.self) { try TextValues.camera("100,0,5") }
    }

    @Test func updates() throws {
        #expect(try TextValues.cameraUpdate("zoom-in") == .zoomIn)
        #expect(try TextValues.cameraUpdate("zoom-by=1.5@10,20") == .zoomBy(1.5, focus: ScreenPoint(x: 10, y: 20)))
        #expect(
            try TextValues.cameraUpdate("target:60,25,12") == .target(Coordinate(latitude: 60, longitude: 25), zoom: 12)
        )
        #expect(try TextValues.cameraUpdate("scroll:200,100") == .scroll(by: ScreenVector(dx: 200, dy: 100)))
        let b = CoordinateBounds(
            southWest: Coordinate(latitude: 1, longitude: 2), northEast: Coordinate(latitude: 3, longitude: 4))
        #expect(try TextValues.cameraUpdate("fit:1,2,3,4") == .fit(b, insets: EdgeInsets(all: 64)))
        #expect(
            try TextValues.cameraUpdate("fit-keep:1,2,3,4@5") == .fitKeepingOrientation(b, insets: EdgeInsets(all: 5)))
        for bad in ["zoom-in:3", "zoom-to", "zoom-to:nan", "spin", "fit:1,2,3", "target:95,0"] {
            #expect(throws: TextError.self, "\(bad)") { try TextValues.cameraUpdate(bad) }
        }
    }

    @Test func sizes() throws {
        #expect(try TextValues.size("1024x768") == ScreenSize(width: 1024, height: 768))
        for bad in ["1024", "0x10", "-5x10", "nanx10", "10x99999"] {
            #expect(throws: TextError.self, "\(bad)") { try TextValues.size(bad) }
        }
    }
}

@Suite struct JSONTextTests {
    @Test func orderedAndEscaped() throws {
        let camera = try CameraPosition(
            target: Coordinate(latitude: 60.5, longitude: 24), zoom: 12, bearing: 30, tilt: 10)
        #expect(JSON(camera).text == #"{"latitude":60.5,"longitude":24,"zoom":12,"bearing":30,"tilt":10}"#)
        #expect(JSON.string("a\"b\\c\n\u{1}").text == #""a\"b\\c\n\u0001""#)
        #expect(JSON.array([.null, .bool(true), .number(.nan), .integer(-3)]).text == "[null,true,null,-3]")
    }
}
