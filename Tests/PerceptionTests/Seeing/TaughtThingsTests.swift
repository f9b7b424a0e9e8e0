// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Stages
@testable import Rendering

/// Teaching, keeping and forgetting a thing of the user's own (`TaughtThings`), on the real
/// photos `make thing-photos` renders: the file it writes, names it refuses, photos it leaves out.
@Suite struct TaughtThingsTests {
    static func photos() throws -> TaughtThingPhotos {
        try TestResources.requireSets("detect/coco-val", "barcode")  // what the photos are rendered from
        return try TaughtThingPhotos(packageRoot: TestResources.packageRoot)
    }

    @Test func teachKeepsTheThingAndForgetDeletesIt() throws {
        try TestResources.withTemporaryDirectory { folder in
            let things = TaughtThings(folder: folder.appendingPathComponent("sensecam/things").path)
            #expect(things.names().isEmpty, "no folder yet is no things")
            let images = try Self.photos().teach.map { try ImageFile.load($0) }
            let first = try things.teach(name: "card", images: images)
            #expect(first == TaughtThings.Taught(photosUsed: 3, featureless: [], replacedEarlier: false))
            #expect(things.names() == ["card"])
            let again = try things.teach(name: "card", images: Array(images.prefix(2)))
            #expect(again.replacedEarlier && again.photosUsed == 2, "teaching a name again replaces it, and says so")
            #expect(try things.views(of: "card").count == 2)
            // A name is the one a person means, as `find` takes it: "CARD" is the card again.
            let shouted = try things.teach(name: "CARD", images: [images[0]])
            #expect(shouted.replacedEarlier && things.names() == ["card"], "\(things.names())")
            #expect(try things.views(of: "Card").count == 1)
            _ = try things.teach(name: "card", images: Array(images.prefix(2)))
            _ = try things.teach(name: "blue mug", images: [images[0]])
            #expect(things.names() == ["blue mug", "card"])

            // The user's alone: what a thing looks like can say where they live.
            let attributes = try FileManager.default.attributesOfItem(atPath: things.folder)
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
            let file = try FileManager.default.attributesOfItem(atPath: things.path(of: "card"))
            #expect((file[.posixPermissions] as? Int) == 0o600)

            try things.forget(name: "card")
            #expect(things.names() == ["blue mug"])
            #expect(throws: TaughtThingsError.unknown(name: "card", taught: ["blue mug"])) { try things.forget(name: "card") }
            #expect(throws: TaughtThingsError.unknown(name: "keys", taught: ["blue mug"])) { _ = try things.locator(named: "keys") }
        }
    }

    @Test func aStoredThingReadsBackAsTheSameFeatures() throws {
        try TestResources.withTemporaryDirectory { folder in
            let things = TaughtThings(folder: folder.path)
            let image = try ImageFile.load(Self.photos().teach[0])
            let learned = try ThingView(learningFrom: image)
            _ = try things.teach(name: "card", images: [image])
            let stored = try #require(try things.views(of: "card").first)
            #expect(stored.featureCount == learned.featureCount && stored.featureCount > ThingView.minimumFeatures)
            #expect(stored.points == learned.points && stored.descriptors == learned.descriptors)
            #expect(stored.outline == learned.outline && stored.histogram == learned.histogram)
            let total = stored.histogram.reduce(0, +)
            #expect(abs(total - 1) < 1e-4, "the colour histogram sums to 1")
        }
    }

    @Test func aDamagedOrNewerFileIsRefusedWithItsName() throws {
        try TestResources.withTemporaryDirectory { folder in
            let things = TaughtThings(folder: folder.path)
            _ = try things.teach(name: "card", images: [try ImageFile.load(Self.photos().teach[0])])
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: things.path(of: "card"))))
            let path = things.path(of: "card")
            // Cut short.
            try Data(bytes.prefix(bytes.count - 7)).write(to: URL(fileURLWithPath: path))
            #expect(throws: TaughtThingsError.damaged(name: "card", path: path)) { _ = try things.views(of: "card") }
            // A version this sensecam does not know.
            bytes[8] = 2
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(throws: TaughtThingsError.damaged(name: "card", path: path)) { _ = try things.locator(named: "card") }
        }
    }

    @Test func aPlainPhotoIsLeftOutAndTheOthersStillTeach() throws {
        try TestResources.withTemporaryDirectory { folder in
            let things = TaughtThings(folder: folder.path)
            let plain = try TestResources.greyImage(width: 640, height: 480) { x, _ in UInt8(100 + x / 64) }
            let card = try ImageFile.load(Self.photos().teach[1])
            let taught = try things.teach(name: "card", images: [plain, card])
            #expect(taught.photosUsed == 1 && taught.featureless == [0])
            #expect(throws: TaughtThingsError.nothingToLearn(name: "wall")) { _ = try things.teach(name: "wall", images: [plain]) }
            #expect(things.names() == ["card"], "nothing is kept when no photo can be used")
        }
    }

    @Test func namesThatCannotBeOneFileAreRefused() {
        #expect(ThingName.mistake(in: "") == .empty)
        #expect(ThingName.mistake(in: "   ") == .empty)
        #expect(ThingName.mistake(in: "keys/spare") == .notAFileName)
        #expect(ThingName.mistake(in: "..") == .notAFileName)
        #expect(ThingName.mistake(in: ".hidden") == .notAFileName)
        #expect(ThingName.mistake(in: "tab\there") == .controlCharacter)
        #expect(ThingName.mistake(in: String(repeating: "k", count: ThingName.maximumLength + 1)) == .tooLong)
        #expect(ThingName.mistake(in: String(repeating: "k", count: ThingName.maximumLength)) == nil)
        #expect(ThingName.mistake(in: "grandmother's reading glasses") == nil)
        #expect(ThingName.mistake(in: "clé de la boîte aux lettres") == nil)
        #expect(ThingName.normalized("  keys ") == "keys")
    }

    @Test func weakOrImplausibleMatchesAreNotSaid() {
        let possibly = ConfidenceBand.possiblyFloor, probably = ConfidenceBand.probablyFloor
        // The weakest card sighting on the set (46 inliers of 53), and more than the scenes without it reach (10 of 21).
        #expect(ThingMatchConfidence.confidence(inliers: 46, matches: 53, plausible: true, colour: 0.38) >= probably)
        #expect(ThingMatchConfidence.confidence(inliers: 14, matches: 21, plausible: true, colour: 0.5) < possibly)
        #expect(ThingMatchConfidence.confidence(inliers: 400, matches: 410, plausible: false, colour: 0.5) == 0)
        #expect(ThingMatchConfidence.confidence(inliers: 30, matches: 200, plausible: true, colour: 0.5) == 0, "too few of the matches agree")
        // Colour tempers but does not veto: the same geometry is hedged lower in other colours.
        let agreeing = ThingMatchConfidence.confidence(inliers: 28, matches: 30, plausible: true, colour: 0.4)
        let clashing = ThingMatchConfidence.confidence(inliers: 28, matches: 30, plausible: true, colour: 0)
        #expect(agreeing >= possibly && clashing >= possibly && clashing < agreeing)
    }
}
