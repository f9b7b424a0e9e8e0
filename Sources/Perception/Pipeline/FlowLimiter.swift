import Foundation
import Synchronization

/// A one-slot hand-off between a producer (capture) and a consumer (the pipeline) that
/// keeps only the newest item: latency beats completeness for live narration, so a frame
/// that waited while the network was busy is dropped, not queued.
public final class FlowLimiter<Item: Sendable>: Sendable {
    private struct State {
        var slot: Item?
        var finished = false
        var dropped = 0
    }
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    public init() {}

    /// Offers an item; an older one still waiting is dropped.
    public func offer(_ item: Item) {
        let wasEmpty = state.withLock { state in
            let empty = state.slot == nil
            if !empty { state.dropped += 1 }
            state.slot = item
            return empty
        }
        if wasEmpty { ready.signal() }
    }

    /// No more items will come; `take` returns nil once the slot is empty.
    public func finish() {
        state.withLock { $0.finished = true }
        ready.signal()
    }

    /// The newest item, waiting for one if needed; nil after `finish` once drained.
    public func take() -> Item? {
        while true {
            ready.wait()
            let (item, finished) = state.withLock { state -> (Item?, Bool) in
                defer { state.slot = nil }
                return (state.slot, state.finished)
            }
            if let item {
                if finished { ready.signal() }  // let the next call see the end
                return item
            }
            if finished {
                ready.signal()
                return nil
            }
        }
    }

    /// Items replaced before anyone took them.
    public var dropped: Int { state.withLock { $0.dropped } }
}
