// SPDX-License-Identifier: GPL-3.0-or-later
/// How many words a sentence uses. `terse` is for listeners who know the tool and want the
/// fewest syllables ("person 11 o'clock"); `normal` is a short hedged sentence; `detailed`
/// adds the estimated distance and the detector's confidence.
public enum Verbosity: String, CaseIterable, Sendable {
    case terse, normal, detailed
}
