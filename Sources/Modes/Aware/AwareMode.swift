// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

extension Mode {
    /// Awareness: objects detected, followed across frames and narrated when they matter, signs
    /// named in its summaries; a still image is described whole, one sentence per kind of object.
    public static let aware = Mode(
        name: "aware", announcement: .modeAwareness, group: .seeing, standsInFor: nil, batches: true, takesStills: true,
        keysEverywhere: [.describeNow, .moreVerbose, .lessVerbose], stillExample: "sensecam aware photo.jpg",
        makeStage: { settings, arrival, detection in
            // Every frame of a recording is detected ahead on one single-threaded network per
            // core, side by side (on two cores, two such networks get more frames through than
            // one network on both, whose threads wait on each other); the newest frame of a
            // live stream, or a still, goes through one network.
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let workers = arrival == .everyFrame && cores > 1 ? cores : 0
            let stage = AwarenessStage(
                step: try detection.step(),
                workerSteps: try (0..<workers).map { _ in try settings.detection.makeStep(singleThreaded: true) },
                tracker: detection.tracker,
                narrator: AwarenessNarrator(policy: settings.narration, wording: settings.wording))
            // Signs are read only when a summary is asked for: a still is described without them
            // unless it is summed up.
            if arrival != .still || settings.narration.summarizesStills {
                stage.signs = SignGlance(wording: settings.wording) { try SceneTextReader(settings: settings.sceneText.live) }
            }
            return stage
        })
}
