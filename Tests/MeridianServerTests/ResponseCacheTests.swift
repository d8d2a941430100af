@testable import MeridianServer
import Testing

@Suite struct ResponseCacheTests {
    @Test("the response cache counts keys as well as images: 500 distinct 36,000-byte keys stay within its bound")
    func keysCount() {
        let cache = ResponseCache(capacity: 1 << 20)
        for i in 0..<500 { cache.insert([1], for: "\(i)|" + String(repeating: "p", count: 36_000)) }
        let held = cache.cache.entries.reduce(0) { $0 + ResponseCache.cost($1.key, $1.value) }
        #expect(cache.bytes == held && cache.bytes <= 1 << 20 && cache.count == (1 << 20) / 36_005)
        // The most recent entries stay; one costing more than an eighth of the bound is not kept.
        #expect(cache.value(for: "499|" + String(repeating: "p", count: 36_000)) == [1])
        cache.insert([UInt8](repeating: 0, count: 200_000), for: "big")
        #expect(cache.value(for: "big") == nil)
    }
}
