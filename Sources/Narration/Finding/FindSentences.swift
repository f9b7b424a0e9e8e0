// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Seeing

/// The words of `find`: where the sought thing is, in the object sentences `aware` speaks
/// ("Probably a cup, at 2 o'clock." — the same hedge by confidence band, the same counted noun
/// and clock hour), with its distance when its kind's size gives one ("…, about 1 metre.");
/// "Centred." when it reaches the middle; and, about the tool and never the world, "Not seen
/// yet." when asked, or that a picture did not show it to the detector. A thing the user taught
/// is named by its own name ("Probably your keys, at 2 o'clock."), one of it, with no distance:
/// its size is unknown.
public struct FindSentences: Sendable {
    public let wording: Wording
    let objects: ObjectSentences
    /// The name of the taught thing sought; nil for a kind.
    let taughtName: String?

    public init(wording: Wording, taughtName: String? = nil) {
        self.wording = wording
        self.taughtName = taughtName
        objects = ObjectSentences(wording: wording)
    }

    /// One sentence for things seen at one clock hour: "Probably a cup, at 2 o'clock, about
    /// 1 metre.", "Probably two cups and possibly one more, at 12 o'clock." Nil when none is
    /// confident enough to speak of.
    public func found(_ things: [NarratedObject]) -> String? {
        guard let group = ObjectSentences.group(things).first, case .at(let hour) = group.place else { return nil }
        if let taughtName {
            return wording(.findTaughtSentence, ["band": .text(group.band.name), "name": .text(taughtName),
                                                 "place": .text(hour.phrase(wording))])
        }
        var place = hour.phrase(wording)
        if let metres = group.distanceMetres {
            place = wording(.findPlaceAndDistance, ["place": .text(place), "distance": .text(DistanceEstimate.spoken(metres, wording: wording))])
        }
        return wording(.objectsSentence, ["hedge": .text(group.band.word(wording)), "objects": .text(objects.countedNoun(group)),
                                          "place": .text(place)])
    }

    /// One picture's things, one sentence per clock hour from left to right, each with the
    /// things it speaks of.
    public func pictureSentences(_ things: [NarratedObject]) -> [(text: String, things: [NarratedObject])] {
        let speakable = things.filter { ConfidenceBand(confidence: $0.confidence) != nil }
        let hours = Set(speakable.map(\.direction)).sorted { ObjectGroup.leftToRight($0) < ObjectGroup.leftToRight($1) }
        return hours.compactMap { hour in
            let here = speakable.filter { $0.direction == hour }
            return found(here).map { ($0, here) }
        }
    }

    public var centred: String { wording(.findCentred) }
    /// The answer to `d` before the thing has been seen.
    public var notSeenYet: String { wording(.findNotSeenYet) }
    /// The answer to `d` once the thing was seen but not of late.
    public var notSeenAgainYet: String { wording(.findNotSeenAgainYet) }

    /// "Lost sight of the cup.": guidance stopped because the detector stopped seeing it.
    public func lostSight(of label: String) -> String {
        if let taughtName { return wording(.findTaughtLostSight, ["name": .text(taughtName)]) }
        let noun = ObjectNoun(label: label, wording: wording)
        return wording(.findLostSight, ["object": noun.argument(.bare), "definite": noun.argument(.definite),
                                        "gender": noun.argument(.gender)])
    }

    /// A still in which the thing was not seen: "Could not find a cup in this picture; it may
    /// still be there."
    public func notInPicture(_ label: String) -> String {
        if let taughtName { return wording(.findTaughtNotInPicture, ["name": .text(taughtName)]) }
        let noun = ObjectNoun(label: label, wording: wording)
        return wording(.findNotInPicture, ["object": noun.argument(.one), "noun": noun.argument(.bare),
                                           "gender": noun.argument(.gender)])
    }

    /// Find mode reached with nothing to find (a session started in another mode).
    public var needsThing: String { wording(.findNeedsThing) }
}
