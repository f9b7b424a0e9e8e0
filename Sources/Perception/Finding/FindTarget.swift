// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// What `find` looks for, from the name the user typed: one of the detector's kinds, named in
/// any catalog language by its noun (singular or plural, as the catalog's noun entry gives
/// them), by an everyday synonym (`findKindNames`: "mug" for a cup, "Handy" for a cell phone),
/// or by the model's own label. Case, accents, hyphens and underscores do not matter.
/// Or a thing the user taught (`teach NAME`), by the name it was taught as: the user's own word
/// comes first, so a mug taught as "cup" is that mug. `resolve(name:language:taught:)` is the
/// one place a typed name becomes a target.
public struct FindTarget: Sendable, Hashable {
    public enum Thing: Sendable, Hashable {
        /// A COCO kind, by the model's label ("cell phone").
        case kind(String)
        /// A thing the user taught, by its name, kept in `folder` (`TaughtThings`).
        case taught(name: String, folder: String)
    }

    public let thing: Thing

    public init(_ thing: Thing) {
        self.thing = thing
    }

    /// The label the sentences name it by (`ObjectNoun`) and distances are estimated for.
    public var label: String {
        switch thing {
        case .kind(let label): label
        case .taught(let name, _): name
        }
    }

    /// The name a taught thing was taught as; nil for a kind.
    public var taughtName: String? {
        if case .taught(let name, _) = thing { return name }
        return nil
    }

    /// What finds it in a picture, built from the session's settings (the detector loads now).
    public func locator(_ settings: SessionSettings) throws -> any ThingLocator {
        switch thing {
        case .kind(let label): DetectedKindLocator(step: try settings.detection.makeStep(), label: label)
        case .taught(let name, let folder): try TaughtThings(folder: folder).locator(named: name)
        }
    }

    /// The target `name` means: a thing taught by that name, else a kind in `language` first,
    /// then in the other catalog languages; nil when it names nothing sensecam can find.
    public static func resolve(name: String, language: Language, taught: TaughtThings? = nil) -> FindTarget? {
        let typed = folded(name)
        guard !typed.isEmpty else { return nil }
        if let taught, let own = taught.taughtName(name) {
            return FindTarget(.taught(name: own, folder: taught.folder))
        }
        for each in [language] + Language.allCases.filter({ $0 != language }) {
            if let label = names(in: each)[typed] { return FindTarget(.kind(label)) }
        }
        return nil
    }

    /// The kinds' own names in `language` (the model's labels and the nouns' singular and plural),
    /// by their folded form, to guess a misspelt one from: not the synonyms, which are many and
    /// short ("kids" is one letter from "keys", and a guess of "kids" for keys would mislead).
    public static func guessNames(in language: Language) -> [String: String] {
        let wording = language.wording
        var names: [String: String] = [:]
        for label in COCOClasses.names {
            let noun = ObjectNoun(label: label, wording: wording)
            for name in [noun.bare, noun.many, label] where names[folded(name)] == nil { names[folded(name)] = name }
        }
        return names
    }

    /// The kinds it can find, in `language`'s words, in the model's order: "person, bicycle, …".
    public static func kindList(in language: Language) -> String {
        COCOClasses.names.map { ObjectNoun(label: $0, wording: language.wording).bare }.joined(separator: ", ")
    }

    /// Folded name → label, for one language: the noun's bare and plural forms, its synonyms,
    /// and the model's label itself. Made once per language.
    static func names(in language: Language) -> [String: String] {
        cache.withLock { cache in
            if let made = cache[language] { return made }
            let wording = language.wording
            var names: [String: String] = [:]
            for label in COCOClasses.names {
                let noun = ObjectNoun(label: label, wording: wording)
                let synonyms = wording(.findKindNames, ["kind": .text(label.replacingOccurrences(of: " ", with: "_"))])
                    .split(separator: ",").map(String.init)
                for name in [label, noun.bare, noun.many] + synonyms {
                    let key = folded(name)
                    // The first kind to claim a name keeps it: a catalog listing one name twice is a slip.
                    if !key.isEmpty, names[key] == nil { names[key] = label }
                }
            }
            cache[language] = names
            return names
        }
    }

    /// Made once per language; any thread may resolve a name.
    private static let cache = Mutex<[Language: [String: String]]>([:])

    /// Compared as a person means it: lower case, without accents, "-" and "_" as spaces, one
    /// space between words.
    public static func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss")
            .split { $0.isWhitespace || $0 == "-" || $0 == "_" }
            .joined(separator: " ")
    }
}
