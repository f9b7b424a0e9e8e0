// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Seeing

/// The sentence a summary opens with (`aware IMAGE --summary`, the `d` key): the place guessed,
/// hedged as its evidence allows, the light, and the object that most points to the place at
/// its clock hour — "Probably a kitchen, bright, with a refrigerator at 10 o'clock." With no
/// place guessed it is the light alone ("Bright light."): the objects in view follow in the
/// summary either way, so nothing is lost by naming no room. Terse speech leaves the object
/// out ("Probably a kitchen, bright."): its list of objects follows at once.
extension ObjectSentences {
    public func placeSentence(_ guess: PlaceGuess?, light: LightBand, verbosity: Verbosity = .normal) -> String {
        guard let guess else { return wording(.lightLevel, ["band": .text(light.rawValue)]) }
        var arguments: [String: MessageArgument] = [
            "band": .text(guess.band.name), "place": .text(guess.place.catalogKey), "light": .text(light.rawValue),
        ]
        // Evidence too faint to be said is not named: below the spoken bands it may be wrong.
        guard verbosity != .terse, let named = guess.evidence.first(where: { ConfidenceBand(confidence: $0.confidence) != nil }) else {
            return wording(.placeSentenceWithoutObject, arguments)
        }
        arguments["objects"] = ObjectNoun(label: named.label, wording: wording).argument(.one)
        arguments["where"] = .text(named.direction.phrase(wording))
        return wording(.placeSentence, arguments)
    }
}

extension PlaceGuess.Place {
    /// The word the catalog's sentences select the place by.
    var catalogKey: String { self == .livingRoom ? "livingRoom" : rawValue }
}
