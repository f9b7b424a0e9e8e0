import Foundation

extension Mode {
    /// Awareness: objects detected, followed across frames and narrated when they matter; a
    /// still image is described whole, one sentence per kind of object.
    public static let aware = Mode(
        name: "aware", announcement: .modeAwareness, group: .seeing, standsInFor: nil, batches: true,
        note: { _ in nil },
        makeStage: { settings, arrival in
            // Every frame of a recording is detected ahead on one single-threaded network per
            // core, side by side (on two cores, two such networks get more frames through than
            // one network on both, whose threads wait on each other); the newest frame of a
            // live stream goes through one network.
            let cores = ProcessInfo.processInfo.activeProcessorCount
            return try Pipelines.awareness(settings, workers: arrival == .everyFrame && cores > 1 ? cores : 0)
        },
        makeStill: { settings in AwareAnalyzer(step: try settings.detection.makeStep(), policy: settings.narration, wording: settings.wording) })
}
