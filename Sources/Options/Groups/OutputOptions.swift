// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

/// Who narration is for and where it goes: `--profile`, `--output`, `--voice-rate`,
/// `--braille-grade`, and the still image's `--json`.
public struct OutputOptions: OptionGroup {
    public var json = false
    public var profile: Profile?
    public var output: [Channel]?
    public var voiceRate = 0
    public var brailleGrade = BrailleGrade.computer

    public init() {}

    public static let options: [GroupOption<Self>] = [
        .flag(\.json, "json", help: Message(.helpJSON)),
        .choice(\.profile, "profile", value: "name", help: Message(.helpProfile)),
        .value(\.output, "output", value: "channels",
               help: Message(.helpOutput), expected: Message(.expectedChannels),
               shown: OutputPlan.defaultChannels.map(\.rawValue).joined(separator: ","), parse: { channels($0).map(Optional.some) }),
        .wholeNumber(\.voiceRate, "voice-rate", value: "n", help: Message(.helpVoiceRate), in: SpeechSettings.rateRange,
                     showsDefault: false),
        .choice(\.brailleGrade, "braille-grade", value: "grade", help: Message(.helpBrailleGrade)),
    ]

    /// What a narrating command declares (its still-image `--json` apart).
    public static let specs = [option("profile").spec, option("output").spec, option("voice-rate").spec,
                               option("braille-grade").spec]
    /// A batch writes records, not narration: only who hears its closing sentence is chosen.
    public static let batchSpecs = [option("profile").spec, option("voice-rate").spec]
    public static let jsonSpec = option("json").spec

    /// `--json` chooses what is printed, so an `--output` beside it would be silently overruled.
    public static let rules: [OptionRule] = [
        .refuse(when: .given("json") && .given("output"), .usageJSONOrOutput),
    ]

    /// The channels named, in the order given, each once; nil when one is not a channel.
    @Sendable public static func channels(_ text: String) -> [Channel]? {
        var channels: [Channel] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let channel = Channel(rawValue: name.trimmingCharacters(in: .whitespaces)) else { return nil }
            if !channels.contains(channel) { channels.append(channel) }
        }
        return channels
    }

    /// The channels `--output` (or `--json`) names; nil when neither is given.
    public var channels: [Channel]? { json ? [.jsonl] : output }
}
