// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages

/// The acceptance for finding one's own thing: taught from 3 photos, looked for in 20
/// new scenes (`make thing-photos`: a card taught from one real photo of it held in a hand,
/// found in scenes made from another real photo of it on a wall), it is found in at least 80 %
/// of the scenes that hold it, at its place, and said to be in none of those that do not
/// (5 % of 10 rounds down to none). The median time a frame is printed.
@Suite struct TaughtThingAcceptanceTests {
    @Test func aCardTaughtFromThreePhotosIsFoundInScenesWithItAndNotInOthers() throws {
        try TestResources.requireSets("detect/coco-val", "barcode")  // what the photos are rendered from
        let photos = try TaughtThingPhotos(packageRoot: TestResources.packageRoot)
        let score = try TestResources.withTemporaryDirectory { folder in
            let things = TaughtThings(folder: folder.path)
            _ = try things.teach(name: "card", images: photos.teach.map { try ImageFile.load($0) })
            return try photos.score(things.locator(named: "card"))
        }
        print("Taught thing: \(score.summary).")
        #expect(score.present == 10 && score.absent == 10)
        #expect(Double(score.found) >= 0.8 * Double(score.present), "\(score.summary)")
        #expect(score.falseFinds == 0, "\(score.summary)")
        #expect(score.misplaced == 0, "\(score.summary)")
    }

    @Test func aPhotoOfTheThingIsFoundWhereItIsAndAsBigAsItIs() throws {
        try TestResources.requireSets("detect/coco-val", "barcode")  // what the photos are rendered from
        let photos = try TaughtThingPhotos(packageRoot: TestResources.packageRoot)
        let locator = try TaughtThingLocator(views: [ThingView(learningFrom: ImageFile.load(photos.teach[0]))])
        // The teach photo itself: the box is the middle region the thing was learned from.
        let image = try ImageFile.load(photos.teach[0])
        let sighting = try #require(try locator.locate(in: image).first)
        let middle = Box(x: 0.2 * 640, y: 0.2 * 480, width: 0.6 * 640, height: 0.6 * 480)
        #expect(sighting.box.intersectionOverUnion(middle) > 0.95)
        #expect(sighting.confidence >= ConfidenceBand.probablyFloor)
    }
}
