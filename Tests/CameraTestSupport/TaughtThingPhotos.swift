// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

/// The photos `make thing-photos` renders (bench/taught_thing_photos.py): 3 to teach a
/// business card from, and 20 scenes, the odd-numbered ten with the card in them, with its
/// true outline; and how a locator fares on them.
public struct TaughtThingPhotos: Sendable {
    public struct Scene: Sendable {
        public var path: String
        public var present: Bool
        /// The card's bounding box in the scene, when it is there.
        public var truth: Box?
    }

    public var teach: [String]
    public var scenes: [Scene]

    /// `$SENSECAM_TAUGHT_THING` (relative paths from the package root), else what
    /// `make thing-photos` renders.
    public static func location(packageRoot: URL) -> URL {
        let path = ProcessInfo.processInfo.environment["SENSECAM_TAUGHT_THING"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ".build/taught-thing"
        return URL(fileURLWithPath: path, relativeTo: packageRoot).standardizedFileURL
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// The set; its absence is a failure that says how to make it.
    public init(packageRoot: URL) throws {
        let folder = Self.location(packageRoot: packageRoot)
        let truth = folder.appendingPathComponent("truth.jsonl")
        guard let text = try? String(contentsOf: truth, encoding: .utf8) else {
            throw Missing(description: "Render the taught-thing photos first with 'make thing-photos' (\(truth.path) is missing).")
        }
        teach = (1...3).map { folder.appendingPathComponent("teach/\($0).jpg").path }
        scenes = try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let image = object["image"] as? String, let present = object["present"] as? Bool else {
                throw Missing(description: "\(truth.path) has a line that is not a scene: \(line)")
            }
            let corners = (object["outline"] as? [[Double]])?.map { Point(x: $0[0], y: $0[1]) }
            return Scene(path: folder.appendingPathComponent(image).path, present: present, truth: corners.map { Box(around: $0) })
        }
    }

    /// A sighting finds the card when its box overlaps the card's true box by this much
    /// (intersection over union): the box is the outline of the middle of a taught photo,
    /// mapped into the scene, so it is near the card but seldom exactly on it.
    public static let overlapToCount = 0.3

    /// How a locator did on the scenes.
    public struct Score: Sendable {
        /// Scenes with the card where it was found at the right place.
        public var found = 0
        public var present = 0
        /// Scenes without the card where something was said to be it; and scenes with the card
        /// where a sighting was somewhere else.
        public var falseFinds = 0
        public var absent = 0
        public var misplaced = 0
        /// Seconds each scene took to search, in scene order.
        public var seconds: [Double] = []
        /// How well each found card's box overlaps its true box (intersection over union).
        public var overlaps: [Double] = []

        public var medianMilliseconds: Double {
            let sorted = seconds.sorted()
            guard !sorted.isEmpty else { return 0 }
            let middle = sorted.count / 2
            return 1000 * (sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle])
        }

        public var summary: String {
            String(format: "found %d of %d with the card (box overlap %.2f–%.2f), %d false of %d without it (%d misplaced); median %.0f ms a frame",
                   found, present, overlaps.min() ?? 0, overlaps.max() ?? 0, falseFinds, absent, misplaced, medianMilliseconds)
        }
    }

    /// Runs `locator` on every scene, timing only the search.
    public func score(_ locator: any ThingLocator) throws -> Score {
        var score = Score()
        for scene in scenes {
            let image = try ImageFile.load(scene.path)
            let start = ContinuousClock.now
            let sightings = try locator.locate(in: image)
            let elapsed = ContinuousClock.now - start
            score.seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            if let truth = scene.truth {
                score.present += 1
                if let best = sightings.first {
                    let overlap = best.box.intersectionOverUnion(truth)
                    if overlap >= Self.overlapToCount {
                        score.found += 1
                        score.overlaps.append(overlap)
                    } else {
                        score.misplaced += 1
                    }
                }
            } else {
                score.absent += 1
                if !sightings.isEmpty { score.falseFinds += 1 }
            }
        }
        return score
    }
}
