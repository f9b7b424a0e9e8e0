extension Mode {
    /// Reading: a page held up is framed with guidance, then read once from several good
    /// frames; a still picture is read whole, by Tesseract when it is a page and by the scene
    /// engine otherwise.
    public static let read = Mode(
        name: "read", announcement: .modeReading, group: .seeing, standsInFor: nil, batches: true,
        note: { settings in
            // `auto` without the scene models (not fetched) reads every picture as a page.
            guard settings.engine == .auto, let file = Pipelines.sceneTextMissing(settings) else { return nil }
            return Message(.readingSceneModelMissing, ["file": .text(file)])
        },
        makeStage: { settings, _ in try Pipelines.pageReading(settings) },
        makeStill: { settings in try Pipelines.readAnalyzer(settings) })

    /// Short text: any sign, label or screen that comes into view, each line once, without
    /// looking for a page. It takes the page reader's place in a session started in it.
    public static let shortText = Mode(
        name: "short-text", announcement: .modeShortText, group: .seeing, standsInFor: "read", batches: false,
        note: { _ in nil },
        makeStage: { settings, _ in try Pipelines.shortText(settings) },
        makeStill: nil)
}
