import AsyncHTTPClient
import Foundation
import MeridianTiles
import NIOCore

extension RemoteArchive {
    /// `count` bytes at `offset` of the archive as of `pinned`: from cached blocks, blocks other
    /// reads are fetching, and one range request per run of blocks still missing, given up at
    /// `deadline` (a block another read fetches is waited for until this read's `deadline`, at
    /// most ``requestSeconds``).
    /// - Throws: `TileError.changed` when the archive is no longer `pinned`'s generation;
    ///   `TileError.unavailable` when a missing block cannot be fetched.
    func read(
        at offset: UInt64, count: UInt64, pinned: Version, deadline: Deadline = .never
    ) throws(TileError)
        -> [UInt8]
    {
        guard count > 0 else { return [] }
        let first = offset / Self.blockSize
        let last = (offset + count - 1) / Self.blockSize
        var have: [UInt64: [UInt8]] = [:]
        var waiting: [UInt64: EventLoopFuture<[UInt8]>] = [:]
        var runs: [(ClosedRange<UInt64>, [EventLoopPromise<[UInt8]>])] = []
        // What is kept, what others fetch, and the runs this reader fetches (registered in flight).
        let current = state.withLockedValue { s -> Bool in
            guard s.generation == pinned.generation else { return false }
            var run: [UInt64] = []
            func close() {
                guard let a = run.first, let b = run.last else { return }
                let loop = client.eventLoopGroup.next()
                let promises = run.map { _ in loop.makePromise(of: [UInt8].self) }
                for (block, promise) in zip(run, promises) { s.inFlight[block] = promise.futureResult }
                runs.append((a...b, promises))
                run = []
            }
            for block in first...last {
                if let kept = context.blocks.value(.init(url: url, generation: pinned.generation, block: block)) {
                    have[block] = kept
                    close()
                } else if let future = s.inFlight[block] {
                    waiting[block] = future
                    close()
                } else {
                    run.append(block)
                }
            }
            close()
            return true
        }
        guard current else { throw .changed(url: url) }
        counters.read(hits: have.count, misses: runs.reduce(0) { $0 + $1.0.count } + waiting.count)
        var failure: TileError?
        for (run, promises) in runs {
            do throws(TileError) {
                let start = run.lowerBound * Self.blockSize
                let end = min((run.upperBound + 1) * Self.blockSize, pinned.size)
                let bytes = try fetch(start, end - start, pinned: pinned, probing: false, deadline: deadline).bytes
                state.withLockedValue { s in
                    for (i, block) in run.enumerated() {
                        let piece = Array(
                            bytes[
                                Int(UInt64(i) * Self.blockSize)..<min(bytes.count, Int(UInt64(i + 1) * Self.blockSize))]
                        )
                        have[block] = piece
                        if s.generation == pinned.generation {
                            context.blocks.insert(
                                piece, .init(url: url, generation: pinned.generation, block: block))
                        }
                        if s.inFlight[block] === promises[i].futureResult { s.inFlight[block] = nil }
                        promises[i].succeed(piece)
                    }
                }
            } catch {
                state.withLockedValue { s in
                    for (block, promise) in zip(run, promises) where s.inFlight[block] === promise.futureResult {
                        s.inFlight[block] = nil
                    }
                }
                for promise in promises { promise.fail(error) }
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        for (block, future) in waiting {
            have[block] = try awaited(future, url: url, until: deadline, timeout: timeout)
        }
        var out: [UInt8] = []
        out.reserveCapacity(Int(count))
        for block in first...last {
            guard let bytes = have[block] else {
                throw .unavailable(url: url, reason: "block \(block) missing", retryAfter: 1)
            }
            let base = block * Self.blockSize
            let from = Int(max(offset, base) - base)
            let to = Int(min(offset + count, base + UInt64(bytes.count)) - base)
            guard from <= to else {
                throw .corrupt(path: url, reason: "a read at \(offset) runs past the archive's end")
            }
            out += bytes[from..<to]
        }
        guard out.count == Int(count) else {
            throw .corrupt(path: url, reason: "a read of \(count) bytes at \(offset) runs past the archive's end")
        }
        return out
    }
}
