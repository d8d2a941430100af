import Foundation
import GoogleMapsCompat
import MeridianCamera
import MeridianGeometry

// The Maps SDK's way: a camera and an update, as an iOS app would write them.
let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 400, height: 300),
                     camera: GMSCameraPosition(latitude: 60.1699, longitude: 24.9384, zoom: 12))
map.moveCamera(GMSCameraUpdate.zoom(by: 2))
print("zoom after zoom(by: 2): \(map.camera.zoom)")

// Meridian's own camera math: where a place lands on screen.
let viewport = try Viewport(camera: CameraPosition(target: Coordinate(latitude: 60.1699, longitude: 24.9384), zoom: 14),
                            size: ScreenSize(width: 400, height: 300))
if let p = try viewport.point(for: Coordinate(latitude: 60.1699, longitude: 24.9384)) {
    print("target on screen: \(p.x), \(p.y)")
}
