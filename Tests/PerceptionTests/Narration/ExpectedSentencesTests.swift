// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A fixed set of detections, and the sentence each language must say for it: counts that
/// take each plural form (1, 2, 5, 21 objects; 0, 1, 2, 5, 21 seconds), nouns of every gender
/// with the words that agree with them ("another", "one more", the hazard's article), clock
/// hours and distances with the language's decimal mark, kinds sharing an hour, the `d` key's
/// summary going on into a second sentence, and signs at clock hours. The expected sentences were written
/// by hand against the grammar rules the catalogs claim (their comments), not copied from output.
@Suite struct ExpectedSentencesTests {
    struct Scene: Sendable, CustomTestStringConvertible {
        var name: String
        var say: @Sendable (Wording) -> String
        var testDescription: String { name }
    }

    static func clock(_ hour: Int) -> ClockDirection {
        ClockDirection(angleDegrees: Double(hour > 6 ? hour - 12 : hour) * 30)
    }

    static func objects(_ label: String, probable: Int = 0, possible: Int = 0, at hour: Int, metres: Double? = nil,
                        news: Bool = false, total: Int? = nil) -> Scene {
        let name = "\(probable)+\(possible) \(label) at \(hour)" + (metres.map { " \($0) m" } ?? "") + (news ? " news" : "")
        return Scene(name: name) { wording in
            let group = ObjectGroup(label: label, probable: probable, possible: possible,
                                    directions: Array(repeating: clock(hour), count: probable + possible),
                                    distanceMetres: metres, confidence: probable > 0 ? 0.8 : 0.5, isNews: news,
                                    totalInView: total)
            return ObjectSentences(wording: wording).utterance([group], verbosity: .normal)
        }
    }

    static func hazard(_ label: String, _ band: ConfidenceBand, at hour: Int) -> Scene {
        Scene(name: "\(label) approaching, \(band.name), at \(hour)") { wording in
            ObjectSentences(wording: wording).hazard(label: label, direction: clock(hour), band: band, verbosity: .normal)
        }
    }

    /// Kinds at one hour, as `ObjectSentences` says them together: each (label, probable,
    /// possible, metres) in speaking order.
    static func shared(_ kinds: [(String, Int, Int, Double?)], at hour: Int, verbosity: Verbosity = .normal) -> Scene {
        Scene(name: kinds.map { "\($0.1)+\($0.2) \($0.0)" }.joined(separator: ", ") + " at \(hour), \(verbosity)") { wording in
            let groups = kinds.map { label, probable, possible, metres in
                ObjectGroup(label: label, probable: probable, possible: possible,
                            directions: Array(repeating: clock(hour), count: probable + possible), distanceMetres: metres,
                            confidence: probable > 0 ? 0.8 : 0.5)
            }
            return ObjectSentences(wording: wording).utterance(groups, verbosity: verbosity)
        }
    }

    /// The summary the `d` key asks for, of kinds at the hours given, long enough to go on
    /// into a second sentence.
    static func describe(_ kinds: [(String, Int, Int, Int)]) -> Scene {
        Scene(name: "describe " + kinds.map { "\($0.1)+\($0.2) \($0.0) at \($0.3)" }.joined(separator: ", ")) { wording in
            let groups = kinds.map { label, probable, possible, hour in
                ObjectGroup(label: label, probable: probable, possible: possible,
                            directions: Array(repeating: clock(hour), count: probable + possible), distanceMetres: nil,
                            confidence: probable > 0 ? 0.8 : 0.5)
            }
            return ObjectSentences(wording: wording).completeSummary(groups, verbosity: .normal)
        }
    }

    static func sign(_ text: String, confidence: Double, at hour: Int) -> Scene {
        Scene(name: "sign \(text) at \(hour), \(confidence)") { wording in
            SignGlance(wording: wording) { throw SceneTextError.missing(file: "none") }.sentence(text, confidence: confidence, at: clock(hour))
        }
    }

    static func seconds(_ count: Int) -> Scene {
        Scene(name: "about \(count) seconds") { $0(.progressAboutSeconds, ["count": .integer(count)]) }
    }

    static func distance(_ metres: Double) -> Scene {
        Scene(name: "\(metres) metres") { DistanceEstimate.spoken(metres, wording: $0) }
    }

    static let scenes: [Scene] = [
        objects("chair", probable: 1, at: 12),
        objects("person", probable: 1, at: 11, metres: 2),
        objects("car", probable: 1, at: 1, metres: 1.5),
        objects("person", probable: 2, at: 11),
        objects("car", probable: 5, at: 1),
        objects("bottle", probable: 21, at: 12),
        objects("dog", probable: 1, possible: 1, at: 12),
        objects("person", probable: 1, possible: 1, at: 10),
        objects("cup", probable: 2, possible: 1, at: 2),
        objects("person", probable: 1, at: 12, news: true, total: 2),
        objects("car", probable: 1, at: 12, news: true, total: 2),
        objects("book", possible: 1, at: 3),
        hazard("car", .probably, at: 12),
        hazard("person", .possibly, at: 1),
        hazard("bicycle", .possibly, at: 11),
        seconds(0), seconds(1), seconds(2), seconds(5), seconds(21),
        distance(1), distance(1.5), distance(2), distance(0.5),
        shared([("cup", 1, 0, nil), ("bottle", 1, 0, nil)], at: 12),
        shared([("chair", 2, 1, nil), ("dog", 0, 1, nil), ("book", 1, 0, nil)], at: 1),
        shared([("cup", 1, 0, 1.5), ("bottle", 0, 1, nil)], at: 1, verbosity: .detailed),
        shared([("person", 2, 0, nil), ("dog", 0, 1, nil)], at: 11, verbosity: .terse),
        describe([("person", 2, 0, 11), ("car", 1, 0, 1), ("cup", 1, 0, 12), ("bottle", 1, 0, 12), ("chair", 0, 1, 2)]),
        sign("POLO", confidence: 0.85, at: 2),
        sign("EXIT", confidence: 0.999, at: 1),
    ]

    static let expected: [Language: [String]] = [
        .english: [
            "Probably a chair, at 12 o'clock.",
            "Probably a person, at 11 o'clock.",
            "Probably a car, at 1 o'clock.",
            "Probably two people, at 11 o'clock.",
            "Probably five cars, at 1 o'clock.",
            "Probably about 20 bottles, at 12 o'clock.",
            "Probably a dog and possibly one more, at 12 o'clock.",
            "Probably a person and possibly one more, at 10 o'clock.",
            "Probably two cups and possibly one more, at 2 o'clock.",
            "Probably another person, at 12 o'clock; two people now.",
            "Probably another car, at 12 o'clock; two cars now.",
            "Possibly a book, at 3 o'clock.",
            "Car approaching, at 12 o'clock.",
            "Possibly a person approaching, at 1 o'clock.",
            "Possibly a bicycle approaching, at 11 o'clock.",
            "about 0 seconds",
            "about 1 second",
            "about 2 seconds",
            "about 5 seconds",
            "about 21 seconds",
            "about 1 metre",
            "about 1.5 metres",
            "about 2 metres",
            "about half a metre",
            "At 12 o'clock, probably a cup and a bottle.",
            "Probably two chairs and possibly one more, at 1 o'clock. At 1 o'clock, possibly a dog and probably a book.",
            "At 1 o'clock, probably a cup, about 1.5 metres, 80 percent; possibly a bottle, 50 percent.",
            "2 people and maybe dog 11 o'clock",
            "In view: probably two people at 11 o'clock, probably a car at 1 o'clock. Also in view: probably a cup and a bottle at 12 o'clock, possibly a chair at 2 o'clock.",
            "Possibly a sign at 2 o'clock, reading POLO.",
            "Probably a sign at 1 o'clock, reading EXIT.",
        ],
        .german: [
            "Wahrscheinlich ein Stuhl, auf 12 Uhr.",
            "Wahrscheinlich eine Person, auf 11 Uhr.",
            "Wahrscheinlich ein Auto, auf ein Uhr.",
            "Wahrscheinlich zwei Personen, auf 11 Uhr.",
            "Wahrscheinlich fünf Autos, auf ein Uhr.",
            "Wahrscheinlich etwa 20 Flaschen, auf 12 Uhr.",
            "Wahrscheinlich ein Hund und möglicherweise noch einer, auf 12 Uhr.",
            "Wahrscheinlich eine Person und möglicherweise noch eine, auf 10 Uhr.",
            "Wahrscheinlich zwei Tassen und möglicherweise noch eine, auf 2 Uhr.",
            "Wahrscheinlich eine weitere Person, auf 12 Uhr; jetzt zwei Personen.",
            "Wahrscheinlich ein weiteres Auto, auf 12 Uhr; jetzt zwei Autos.",
            "Möglicherweise ein Buch, auf 3 Uhr.",
            "Auto nähert sich, auf 12 Uhr.",
            "Möglicherweise nähert sich eine Person, auf ein Uhr.",
            "Möglicherweise nähert sich ein Fahrrad, auf 11 Uhr.",
            "etwa 0 Sekunden",
            "etwa eine Sekunde",
            "etwa 2 Sekunden",
            "etwa 5 Sekunden",
            "etwa 21 Sekunden",
            "etwa einen Meter entfernt",
            "etwa 1,5 Meter entfernt",
            "etwa 2 Meter entfernt",
            "etwa einen halben Meter entfernt",
            "Auf 12 Uhr: wahrscheinlich eine Tasse und eine Flasche.",
            "Wahrscheinlich zwei Stühle und möglicherweise noch einer, auf ein Uhr. Auf ein Uhr: möglicherweise ein Hund und wahrscheinlich ein Buch.",
            "Auf ein Uhr: wahrscheinlich eine Tasse, etwa 1,5 Meter entfernt, 80 Prozent; möglicherweise eine Flasche, 50 Prozent.",
            "2 Personen und vielleicht Hund 11 Uhr",
            "Im Bild: wahrscheinlich zwei Personen auf 11 Uhr, wahrscheinlich ein Auto auf ein Uhr. Außerdem im Bild: wahrscheinlich eine Tasse und eine Flasche auf 12 Uhr, möglicherweise ein Stuhl auf 2 Uhr.",
            "Möglicherweise ein Schild auf 2 Uhr, mit der Aufschrift POLO.",
            "Wahrscheinlich ein Schild auf ein Uhr, mit der Aufschrift EXIT.",
        ],
        .french: [
            "Probablement une chaise, à 12 heures.",
            "Probablement une personne, à 11 heures.",
            "Probablement une voiture, à une heure.",
            "Probablement deux personnes, à 11 heures.",
            "Probablement cinq voitures, à une heure.",
            "Probablement environ 20 bouteilles, à 12 heures.",
            "Probablement un chien et peut-être un de plus, à 12 heures.",
            "Probablement une personne et peut-être une de plus, à 10 heures.",
            "Probablement deux tasses et peut-être une de plus, à 2 heures.",
            "Probablement une autre personne, à 12 heures ; deux personnes en tout.",
            "Probablement une autre voiture, à 12 heures ; deux voitures en tout.",
            "Peut-être un livre, à 3 heures.",
            "Voiture en approche, à 12 heures.",
            "Peut-être une personne en approche, à une heure.",
            "Peut-être un vélo en approche, à 11 heures.",
            "environ 0 seconde",
            "environ une seconde",
            "environ 2 secondes",
            "environ 5 secondes",
            "environ 21 secondes",
            "à environ un mètre",
            "à environ 1,5 mètre",
            "à environ 2 mètres",
            "à environ un demi-mètre",
            "À 12 heures, probablement une tasse et une bouteille.",
            "Probablement deux chaises et peut-être une de plus, à une heure. À une heure, peut-être un chien et probablement un livre.",
            "À une heure, probablement une tasse, à environ 1,5 mètre, 80 pour cent ; peut-être une bouteille, 50 pour cent.",
            "2 personnes et peut-être chien 11 heures",
            "En vue : probablement deux personnes à 11 heures, probablement une voiture à une heure. Également en vue : probablement une tasse et une bouteille à 12 heures, peut-être une chaise à 2 heures.",
            "Peut-être un panneau à 2 heures, indiquant POLO.",
            "Probablement un panneau à une heure, indiquant EXIT.",
        ],
        .spanish: [
            "Probablemente una silla, a las 12.",
            "Probablemente una persona, a las 11.",
            "Probablemente un coche, a la una.",
            "Probablemente dos personas, a las 11.",
            "Probablemente cinco coches, a la una.",
            "Probablemente alrededor de 20 botellas, a las 12.",
            "Probablemente un perro, posiblemente uno más, a las 12.",
            "Probablemente una persona, posiblemente una más, a las 10.",
            "Probablemente dos tazas, posiblemente una más, a las 2.",
            "Probablemente otra persona, a las 12; ahora son dos personas.",
            "Probablemente otro coche, a las 12; ahora son dos coches.",
            "Posiblemente un libro, a las 3.",
            "Se acerca un coche, a las 12.",
            "Posiblemente se acerca una persona, a la una.",
            "Posiblemente se acerca una bicicleta, a las 11.",
            "alrededor de 0 segundos",
            "alrededor de un segundo",
            "alrededor de 2 segundos",
            "alrededor de 5 segundos",
            "alrededor de 21 segundos",
            "a un metro aproximadamente",
            "a unos 1,5 metros",
            "a unos 2 metros",
            "a medio metro aproximadamente",
            "A las 12, probablemente una taza y una botella.",
            "Probablemente dos sillas, posiblemente una más, a la una. A la una, posiblemente un perro y probablemente un libro.",
            "A la una, probablemente una taza, a unos 1,5 metros, 80 por ciento; posiblemente una botella, 50 por ciento.",
            "2 personas y quizá perro a las 11",
            "A la vista: probablemente dos personas a las 11, probablemente un coche a la una. También a la vista: probablemente una taza y una botella a las 12, posiblemente una silla a las 2.",
            "Posiblemente un cartel a las 2, que dice POLO.",
            "Probablemente un cartel a la una, que dice EXIT.",
        ],
    ]

    @Test(arguments: Language.allCases)
    func eachLanguageSaysTheTablesSentences(language: Language) throws {
        let said = Self.scenes.map { $0.say(language.wording) }
        let expected = try #require(Self.expected[language])
        #expect(said.count == expected.count)
        for (index, (got, want)) in zip(said, expected).enumerated() {
            #expect(got == want, "\(language.code), \(Self.scenes[index].name)")
        }
    }
}
