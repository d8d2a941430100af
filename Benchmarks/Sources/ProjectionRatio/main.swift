import BenchmarkInputs
import Meridian

// Interleaved A/B: each round times one pass of Meridian's batch projection and one pass of
// the C peer on the same inputs and outputs, in alternating order, and keeps the ratio of
// that round. The machine's drift (other load, frequency) hits both sides of a round alike,
// so the median ratio is steadier than the ratio of two separately timed benchmarks.
// Usage: ProjectionRatio [rounds]   prints one `ratio …` line per kernel.

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 301 : 301
let clock = ContinuousClock()

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
func percentile(_ v: [Double], _ p: Double) -> Double { v.sorted()[min(v.count - 1, Int(Double(v.count) * p))] }

/// Times `meridian` and `peer` alternately (`repeats` calls each per round).
func compare(_ name: String, points: Int, repeats: Int, meridian: () -> Void, peer: () -> Void) {
    var ratios: [Double] = []
    var ours: [Double] = []
    var theirs: [Double] = []
    for round in 0..<rounds {
        var tm = 0.0
        var tc = 0.0
        for step in 0..<2 {
            let meridianFirst = (round + step) % 2 == 0
            let start = clock.now
            for _ in 0..<repeats { if meridianFirst { meridian() } else { peer() } }
            let t = seconds(clock.now - start)
            if meridianFirst { tm = t } else { tc = t }
        }
        if round < 5 { continue }  // warm-up
        ratios.append(tm / tc)
        ours.append(tm / Double(repeats * points) * 1e9)
        theirs.append(tc / Double(repeats * points) * 1e9)
    }
    print(
        "ratio kernel=\(name) meridian_ns_per_point=\(median(ours)) c_ns_per_point=\(median(theirs)) "
            + "meridian_over_c_median=\(median(ratios)) p10=\(percentile(ratios, 0.1)) p90=\(percentile(ratios, 0.9)) rounds=\(ratios.count)"
    )
}

for n in [4_096, 1_000_000] {
    let buffers = ProjectionBuffers(points: n)
    let repeats = n == 4_096 ? 100 : 1
    let label = n == 4_096 ? "4096" : "1M"
    compare("full_\(label)", points: n, repeats: repeats, meridian: buffers.meridianFull, peer: buffers.cFull)
    print("check full_\(label): max |Meridian − C| = \(buffers.maxDifference) pt")
    compare("camera_\(label)", points: n, repeats: repeats, meridian: buffers.meridianCamera, peer: buffers.cCamera)
    print("check camera_\(label): max |Meridian − C| = \(buffers.maxDifference) pt")
}
