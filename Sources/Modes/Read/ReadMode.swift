// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

extension Mode {
    /// Reading: a page held up is framed with guidance, then read once from several good
    /// frames; a still picture is read whole, by Tesseract when it is a page and by the scene
    /// engine otherwise (`--engine`).
    public static let read = Mode(
        name: "read", announcement: .modeReading, group: .seeing, batches: true, takesStills: true,
        keysEverywhere: [.readNow], stillExample: "sensecam read page.png",
        note: { settings in
            // `auto` without the scene models (not fetched) reads every picture as a page.
            guard settings.engine == .auto, let file = sceneTextMissing(settings) else { return nil }
            return Message(.readingSceneModelMissing, ["file": .text(file)])
        },
        makeStage: { settings, arrival, _ in
            guard arrival == .still else {
                return DocumentReader(pages: try PageRecognizer(language: settings.language), wording: settings.wording)
            }
            let pages = settings.engine == .scene ? nil : try PageRecognizer(language: settings.language)
            let useScene = settings.engine == .scene || (settings.engine == .auto && sceneTextMissing(settings) == nil)
            let scene = useScene ? try SceneTextReader(settings: settings.sceneText) : nil
            return DocumentReader(pictures: PictureReader(pages: pages, scene: scene, wording: settings.wording,
                                                          engine: settings.engine, languages: pages == nil ? TextLanguageIdentifier() : nil),
                                  wording: settings.wording)
        })

    /// Short text: any sign, label or screen that comes into view, each line once, without
    /// looking for a page. It takes the page reader's place in a session started in it.
    public static let shortText = Mode(
        name: "short-text", announcement: .modeShortText, group: .seeing, standsInFor: "read", batches: false, takesStills: false,
        keysEverywhere: [.readNow],
        makeStage: { settings, _, _ in
            ShortTextReader(reader: try SceneTextReader(settings: settings.sceneText.live), wording: settings.wording,
                            returnAfterSeconds: settings.narration.returnAfterSeconds)
        })

    /// The scene-text file `make setup` has not fetched yet, if any, for `settings`' model.
    static func sceneTextMissing(_ settings: SessionSettings) -> String? {
        let model = settings.sceneText.model
        for file in [model.detectorFile, model.recognizerFile, model.dictionaryFile, SceneTextModel.orientationFile] {
            if (try? SceneTextFiles.locate(file)) == nil { return file }
        }
        return nil
    }
}
