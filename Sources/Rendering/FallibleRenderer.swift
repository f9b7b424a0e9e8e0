// SPDX-License-Identifier: GPL-3.0-or-later
import Narration

/// A renderer whose server or device can go away in the middle of a run (speech-dispatcher,
/// BRLTTY). A `FailoverRenderer` watches it and, once it has failed, takes back what it had
/// not yet conveyed and gives that to the next channel.
public protocol FallibleRenderer: Renderer {
    /// Why the channel stopped taking narration (its server ended, the connection broke), once
    /// it has; checking it never blocks.
    var failure: String? { get }
    /// After a failure: the events taken and not known to have reached the person, oldest
    /// first (sent and not reported said, waiting to be sent, or rendered since). The renderer
    /// takes nothing more afterwards; `finish` still releases it.
    func takeUnconveyed() -> [NarrationEvent]
}
