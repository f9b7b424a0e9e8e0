// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Words

/// The hand-off between a producer (capture) and a consumer (the pipeline). Items (frames)
/// go through a single slot that keeps only the newest: latency beats completeness for live
/// narration, so a frame that waited while the network was busy is dropped, not queued.
/// Messages (a camera's status, a key the user pressed) are few and each matters, so they
/// queue in order, are never dropped and are delivered before the waiting item.
public final class FlowLimiter<Item: Sendable, Message: Sendable>: Sendable {
    public enum Delivery {
        case item(Item)
        case message(Message)
    }

    private struct State {
        var slot: Item?
        var messages: [Message] = []
        var finished = false
        var dropped = 0
    }
    private let state = Mutex(State())
    /// Counts wake-ups; `take` re-checks the state after each, so extra signals are harmless.
    private let ready = DispatchSemaphore(value: 0)

    public init() {}

    /// Offers an item; an older one still waiting is dropped.
    public func offer(_ item: Item) {
        state.withLock { state in
            if state.slot != nil { state.dropped += 1 }
            state.slot = item
        }
        ready.signal()
    }

    /// Queues a message; it is never dropped.
    public func send(_ message: Message) {
        state.withLock { $0.messages.append(message) }
        ready.signal()
    }

    /// No more items will come; `take` returns nil once everything is delivered.
    public func finish() {
        state.withLock { $0.finished = true }
        ready.signal()
    }

    /// The oldest message, else the newest item, waiting for one if needed; nil after
    /// `finish` once drained.
    public func take() -> Delivery? {
        while true {
            let delivery = state.withLock { state -> Delivery?? in
                if !state.messages.isEmpty { return .some(.message(state.messages.removeFirst())) }
                if let item = state.slot {
                    state.slot = nil
                    return .some(.item(item))
                }
                return state.finished ? .some(nil) : nil
            }
            if let delivery { return delivery }
            ready.wait()
        }
    }

    /// Items replaced before anyone took them.
    public var dropped: Int { state.withLock { $0.dropped } }
}
