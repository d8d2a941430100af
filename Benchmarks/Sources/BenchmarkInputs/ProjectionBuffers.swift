import CProjectionPeer
import Meridian

/// The four timed kernels on one set of `n` inputs and outputs, shared by both harnesses:
/// Meridian's batch projection and the C peer's loop, full (lat/lng → screen) and camera step
/// (world point → screen). A reference type: the outputs are written in place, no allocation.
public final class ProjectionBuffers {
    public let n: Int
    let coordinates: [Coordinate]
    let world: [MercatorPoint]
    let peerWorld: [peer_point]
    public private(set) var screen: [ScreenPoint]
    public private(set) var peerScreen: [peer_point]
    var camera = Inputs.peer

    public init(points n: Int) {
        self.n = n
        coordinates = Inputs.coordinates(n)
        world = Inputs.world(coordinates)
        peerWorld = Inputs.peerWorld(coordinates)
        screen = [ScreenPoint](repeating: .zero, count: n)
        peerScreen = [peer_point](repeating: peer_point(), count: n)
    }

    public func meridianFull() {
        coordinates.withUnsafeBufferPointer { i in
            screen.withUnsafeMutableBufferPointer { Inputs.viewport.project(coordinates: i, into: $0) }
        }
    }

    public func cFull() {
        coordinates.withUnsafeBytes { raw in
            peerScreen.withUnsafeMutableBufferPointer {
                peer_project_full(
                    &camera, raw.baseAddress!.assumingMemoryBound(to: peer_latlng.self), $0.baseAddress!, n)
            }
        }
    }

    public func meridianCamera() {
        world.withUnsafeBufferPointer { i in
            screen.withUnsafeMutableBufferPointer { Inputs.viewport.project(world: i, into: $0) }
        }
    }

    public func cCamera() {
        peerWorld.withUnsafeBufferPointer { i in
            peerScreen.withUnsafeMutableBufferPointer {
                peer_project_camera(&camera, i.baseAddress!, $0.baseAddress!, n)
            }
        }
    }

    /// Largest difference between the last outputs of the two sides, in points.
    public var maxDifference: Double { Inputs.maxDifference(screen, peerScreen) }
}
