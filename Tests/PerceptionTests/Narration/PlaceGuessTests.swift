// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The room guess's rules, one at a time, and its sentence in the four languages: never more
/// certain than its objects, no room from objects that point to none or to two.
@Suite struct PlaceGuessTests {
    /// One object of `label` at `confidence`, straight ahead unless `hour` says otherwise.
    static func object(_ label: String, _ confidence: Double, hour: Int = 12) -> NarratedObject {
        NarratedObject(label: label, confidence: confidence, box: Box(x: 0, y: 0, width: 10, height: 10), track: nil,
                       direction: ClockDirection(angleDegrees: Double(hour % 12) * ClockDirection.degreesPerHour),
                       distanceMetres: nil, state: .present)
    }

    static func guess(_ objects: [(String, Double)]) -> (PlaceGuess.Place, ConfidenceBand)? {
        PlaceGuess.guess(objects.map { object($0.0, $0.1) }).map { ($0.place, $0.band) }
    }

    @Test(arguments: [
        // One decisive kind: its band is the hedge's.
        ([("bed", 0.87)], PlaceGuess.Place.bedroom, ConfidenceBand.probably),
        ([("toilet", 0.68)], .bathroom, .possibly),
        ([("refrigerator", 0.94), ("oven", 0.71)], .kitchen, .probably),
        ([("bus", 0.95), ("person", 0.9)], .street, .probably),
        // Two kinds said, one of them at the probably band.
        ([("car", 0.88), ("truck", 0.67)], .street, .probably),
        ([("motorcycle", 0.69), ("bicycle", 0.75)], .street, .probably),
        // One supporting kind, or two kinds leaning on a faint one: only possibly.
        ([("car", 0.91)], .street, .possibly),
        ([("train", 0.91), ("car", 0.28)], .street, .possibly),
        ([("traffic light", 0.32), ("motorcycle", 0.30)], .street, .possibly),
        ([("laptop", 0.93), ("keyboard", 0.28)], .office, .possibly),
        ([("couch", 0.88), ("tv", 0.85)], .livingRoom, .probably),
        // A weaker rival lowers the hedge.
        ([("refrigerator", 0.94), ("car", 0.5)], .kitchen, .possibly),
    ] as [([(String, Double)], PlaceGuess.Place, ConfidenceBand)])
    func guesses(objects: [(String, Double)], place: PlaceGuess.Place, band: ConfidenceBand) {
        let guess = Self.guess(objects)
        #expect(guess?.0 == place && guess?.1 == band, "\(objects): \(String(describing: guess))")
    }

    @Test(arguments: [
        // Objects that belong to no place.
        [("person", 0.95), ("tennis racket", 0.83)],
        [("teddy bear", 0.87)],
        [("dining table", 0.91), ("cup", 0.87)],
        [],
        // A sink is in kitchens and bathrooms, a TV in living rooms and offices: never alone.
        [("sink", 0.9)],
        [("tv", 0.9)],
        // One laptop is anywhere; an office is a desk-like set.
        [("laptop", 0.93)],
        // Faint evidence alone, or two faint supporting kinds.
        [("toilet", 0.40)],
        [("laptop", 0.29), ("keyboard", 0.28)],
        // Below the detector's default floor nothing counts.
        [("traffic light", 0.2)],
        // Two places as likely as each other.
        [("refrigerator", 0.9), ("bus", 0.9)],
        [("bed", 0.6), ("toilet", 0.6)],
    ] as [[(String, Double)]])
    func guessesNoPlace(objects: [(String, Double)]) {
        #expect(Self.guess(objects) == nil, "\(objects)")
    }

    /// Each rule's kinds make its place, and no kind is decisive for two places.
    @Test func everyRuleIsReachable() {
        for rule in PlaceGuess.rules {
            let objects = rule.kinds.sorted().prefix(max(rule.fewestKinds, 2)).map { Self.object($0, 0.9) }
            #expect(PlaceGuess.guess(Array(objects))?.place == rule.place, "\(rule.place)")
        }
        let decisive = PlaceGuess.rules.flatMap(\.decisive)
        #expect(Set(decisive).count == decisive.count)
        #expect(PlaceGuess.sharedKinds == ["sink", "tv"])
    }

    /// The evidence the sentence names is the most confident object said; one below the
    /// spoken bands is never named.
    @Test(arguments: [
        ("en", "Probably a kitchen, bright, with a refrigerator at 1 o'clock.",
         "Possibly a street, dim.", "Moderate light."),
        ("de", "Wahrscheinlich eine Küche, hell; zu sehen: ein Kühlschrank auf ein Uhr.",
         "Möglicherweise eine Straße, schwach beleuchtet.", "Mäßig helles Licht."),
        ("fr", "Probablement une cuisine, lumineuse, avec un réfrigérateur à une heure.",
         "Peut-être une rue, peu éclairée.", "Lumière moyenne."),
        ("es", "Probablemente una cocina, luminosa, con una nevera a la una.",
         "Posiblemente una calle, poco iluminada.", "Luz moderada."),
    ])
    func sentences(language: String, kitchen: String, faintStreet: String, noPlace: String) throws {
        let sentences = ObjectSentences(wording: try #require(Language(code: language)).wording)
        let fridge = try #require(PlaceGuess.guess([Self.object("oven", 0.71, hour: 12), Self.object("refrigerator", 0.94, hour: 1)]))
        #expect(sentences.placeSentence(fridge, light: .bright) == kitchen)
        let street = try #require(PlaceGuess.guess([Self.object("traffic light", 0.32), Self.object("motorcycle", 0.30)]))
        #expect(sentences.placeSentence(street, light: .dim) == faintStreet)
        #expect(sentences.placeSentence(nil, light: .moderate) == noPlace)
        // Terse speech names no object: the list that follows does.
        #expect(sentences.placeSentence(fridge, light: .bright, verbosity: .terse) == kitchen.components(separatedBy: [",", ";"]).prefix(2)
            .joined(separator: ",") + ".")
    }

    /// Every place and light reads in every language: the masculine places agree in French
    /// and Spanish, and no argument is left unfilled.
    @Test(arguments: ["en", "de", "fr", "es"])
    func everyPlaceAndLightIsWorded(language: String) throws {
        let sentences = ObjectSentences(wording: try #require(Language(code: language)).wording)
        var said: Set<String> = []
        for place in PlaceGuess.Place.allCases {
            for light in LightBand.allCases {
                let guess = PlaceGuess(place: place, band: .possibly, evidence: [Self.object("person", 0.8)])
                let text = sentences.placeSentence(guess, light: light)
                #expect(!text.contains("{") && !text.contains("}") && text.hasSuffix("."), "\(text)")
                said.insert(text)
            }
        }
        #expect(said.count == PlaceGuess.Place.allCases.count * LightBand.allCases.count)
        if language == "fr" {
            #expect(sentences.placeSentence(PlaceGuess(place: .office, band: .probably, evidence: []), light: .bright)
                == "Probablement un bureau, lumineux.")
        }
        if language == "es" {
            #expect(sentences.placeSentence(PlaceGuess(place: .bathroom, band: .probably, evidence: []), light: .dark)
                == "Probablemente un baño, oscuro.")
        }
    }
}
