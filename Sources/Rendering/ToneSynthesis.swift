// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Narration

/// The samples of one cue sound: a sine at the tone's pitch, faded in and out with short
/// raised-cosine ramps so it starts and ends at silence (an abrupt edge is heard as a click).
/// A pure function of the tone, so what will be heard can be checked without a sound device.
public enum ToneSynthesis {
    /// espeak-ng's own rate: ample for the highest pitch played, and one format for every stream.
    public static let sampleRate = 22_050
    /// Peak level, as a fraction of full scale. espeak-ng's speech peaks at 0.69-0.92 with an RMS
    /// of 0.088-0.105 (measured in EspeakRendererTests); a sine peaking at 0.1 has an RMS of 0.071,
    /// so a cue sits under the voice and never drowns a word.
    public static let amplitude = 0.1
    /// Each fade: under about 2 ms an edge still clicks; 4 ms leaves a 15 ms tick 7 ms at full level.
    public static let rampSeconds = 0.004
    /// Pitches played. Below 100 Hz earbuds and laptop speakers give almost nothing; above 4 kHz a
    /// tone is shrill, and far enough under half the sample rate to stay a clean sine.
    public static let hertzRange = 100.0...4_000.0
    /// The longest single sound: a longer one would hide the next change of the thing it follows.
    public static let longestSeconds = 1.0

    /// `tone`'s sound, its pitch and length kept within the ranges above.
    public static func samples(for tone: Tone, sampleRate: Int = sampleRate) -> [Int16] {
        samples(hertz: tone.hertz, seconds: tone.seconds, sampleRate: sampleRate)
    }

    public static func samples(hertz: Double, seconds: Double, sampleRate: Int = sampleRate) -> [Int16] {
        let hertz = min(max(hertz.isFinite ? hertz : hertzRange.lowerBound, hertzRange.lowerBound), hertzRange.upperBound)
        let seconds = min(max(seconds.isFinite ? seconds : 0, 0), longestSeconds)
        let count = Int((seconds * Double(sampleRate)).rounded())
        guard count > 0 else { return [] }
        // Ramps of at most half the sound each, so a very short blip is all fade and never a step.
        let ramp = max(1, min(Int((rampSeconds * Double(sampleRate)).rounded()), count / 2))
        let peak = amplitude * Double(Int16.max)
        let step = 2 * Double.pi * hertz / Double(sampleRate)
        return (0..<count).map { index in
            let fromEdge = min(index, count - 1 - index)
            let gain = fromEdge >= ramp ? 1 : 0.5 * (1 - cos(Double.pi * Double(fromEdge) / Double(ramp)))
            return Int16((peak * gain * sin(step * Double(index))).rounded())
        }
    }
}
