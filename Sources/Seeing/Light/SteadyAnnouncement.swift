// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Decides when a changing reading (a light band, a colour name) is worth saying: only once
/// it differs from what was last said, has held for `steadySeconds` (a reading flickering at
/// a boundary is not news), and at least `minimumInterval` after the last sentence (so the
/// listener is never flooded).
package struct SteadyAnnouncement<Key: Equatable> {
    let steadySeconds: Double
    let minimumInterval: Double
    private(set) var said: Key?
    private var candidate: Key?
    private var candidateSince: Timestamp?
    private var lastSaid: Timestamp?

    package init(steadySeconds: Double, minimumInterval: Double) {
        self.steadySeconds = steadySeconds
        self.minimumInterval = minimumInterval
    }

    /// Whether `key`, read at `time`, should be said now; if so it becomes what was said.
    package mutating func shouldSay(_ key: Key, at time: Timestamp) -> Bool {
        guard key != said else {
            candidate = nil
            return false
        }
        if key != candidate {
            candidate = key
            candidateSince = time
        }
        guard let since = candidateSince, time.seconds(since: since) >= steadySeconds else { return false }
        if let lastSaid, time.seconds(since: lastSaid) < minimumInterval { return false }
        markSaid(key, at: time)
        return true
    }

    /// Something was said now whatever the rules (the describe key): the next change counts from here.
    package mutating func markSaid(_ key: Key, at time: Timestamp) {
        said = key
        lastSaid = time
        candidate = nil
        candidateSince = nil
    }
}
