// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Words
import Seeing
import Narration

/// What `find` looks for, from the name the user typed: one of the detector's kinds, named in
/// any catalog language by its noun (singular or plural, as the catalog's noun entry gives
/// them), by an everyday synonym (`findKindNames`: "mug" for a cup, "Handy" for a cell phone),
/// or by the model's own label. Case, accents, hyphens and underscores do not matter.
/// Or a thing the user taught (`teach NAME`), by the name it was taught as. A kind's name always
/// means the kind: `teach` refuses one, and a thing taught under one before that is set aside,
/// so a person in plain view is never missed for it. `resolve(name:language:taught:)` is the
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

    /// What finds it in a picture: for a kind, the session's network (loaded now if no mode
    /// has loaded it yet); for a taught thing, its views.
    public func locator(detection: SharedDetection) throws -> any ThingLocator {
        switch thing {
        case .kind(let label): DetectedKindLocator(step: try detection.step(), label: label)
        case .taught(let name, let folder): try TaughtThings(folder: folder).locator(named: name)
        }
    }

    /// What follows it across frames: for a kind, the session's tracker, which every mode that
    /// detects shares; for a taught thing, a tracker of its own (its tracks, under its name, are
    /// nothing awareness could speak of).
    public func tracker(detection: SharedDetection) -> Tracker {
        switch thing {
        case .kind: detection.tracker
        case .taught: Tracker()
        }
    }

    /// The target `name` means: a kind in `language` first, then in the other catalog languages,
    /// else a thing taught by that name; nil when it names nothing sensecam can find.
    public static func resolve(name: String, language: Language, taught: TaughtThings? = nil) -> FindTarget? {
        if let label = kind(named: name, language: language) { return FindTarget(.kind(label)) }
        if let taught, let own = taught.taughtName(name) {
            return FindTarget(.taught(name: own, folder: taught.folder))
        }
        return nil
    }

    /// The kind's label `name` means in any catalog language (`language`'s first), or nil.
    public static func kind(named name: String, language: Language) -> String? {
        let typed = ThingName.folded(name)
        guard !typed.isEmpty else { return nil }
        for each in [language] + Language.allCases.filter({ $0 != language }) {
            if let label = names(in: each)[typed] { return label }
        }
        return nil
    }

    /// The name the user very likely meant by one that names nothing (`TypingSlip`): a kind's
    /// name in `language`, as the catalog writes it, or one of the `taught` names; nil when
    /// none is, or when the slip could be for two different things.
    public static func guess(_ name: String, language: Language, taught: [String] = []) -> String? {
        let typed = ThingName.folded(name)
        var meant: [(name: String, thing: String)] = []
        for (key, spelled) in spellings(in: language) where TypingSlip.isLikely(typed, for: key) {
            let label = names(in: language)[key] ?? key
            // A slip of the model's English label is answered with the language's own name.
            let suggested = key == ThingName.folded(label) ? ObjectNoun(label: label, wording: language.wording).name : spelled
            meant.append((suggested, label))
        }
        for own in taught where TypingSlip.isLikely(typed, for: ThingName.folded(own)) {
            meant.append((own, "taught: " + own))
        }
        guard Set(meant.map(\.thing)).count == 1 else { return nil }
        return meant.map(\.name).min()
    }

    /// Every kind it can find, as the language names them, in the model's order: "person,
    /// bicycle, … and toothbrush".
    public static var kindNouns: MessageArgument {
        .list(COCOClasses.names.map { ObjectNoun(label: $0, wording: .english).argument(.name) })
    }

    /// A kind's noun for several of them ("people", "cell phones"), to be worded in a sentence.
    public static func severalOf(_ label: String) -> MessageArgument {
        ObjectNoun(label: label, wording: .english).argument(.many, count: 2)
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
                for name in [label, noun.name, noun.bare, noun.many] + synonyms {
                    let key = ThingName.folded(name)
                    // The first kind to claim a name keeps it: a catalog listing one name twice is a slip.
                    if !key.isEmpty, names[key] == nil { names[key] = label }
                }
            }
            cache[language] = names
            return names
        }
    }

    /// Folded name → the name as the catalog writes it ("fahrrad" → "Fahrrad"), to suggest it
    /// in the catalog's spelling.
    static func spellings(in language: Language) -> [String: String] {
        let wording = language.wording
        var spellings: [String: String] = [:]
        for label in COCOClasses.names {
            let noun = ObjectNoun(label: label, wording: wording)
            let synonyms = wording(.findKindNames, ["kind": .text(label.replacingOccurrences(of: " ", with: "_"))])
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for name in [noun.name, noun.bare, noun.many, label] + synonyms where !ThingName.folded(name).isEmpty && spellings[ThingName.folded(name)] == nil {
                spellings[ThingName.folded(name)] = name
            }
        }
        return spellings
    }

    /// Made once per language; any thread may resolve a name.
    private static let cache = Mutex<[Language: [String: String]]>([:])
}
