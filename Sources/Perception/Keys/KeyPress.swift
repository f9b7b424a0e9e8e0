// SPDX-License-Identifier: GPL-3.0-or-later
import Stages
import Rendering

/// A key press that means something to a live session: a command for the session (it goes
/// to the engine), a move of the review cursor (answered at once), the key help, or a key
/// no command has (a letter, digit or symbol: answered with a sentence saying so, so a
/// mistyped key is never met with silence).
public enum KeyPress: Equatable, Sendable {
    case live(LiveCommand)
    case review(ReviewCommand)
    case help
    case unknown(Character)
}
