// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// One picture read whole: the reading mode's answer to a still image (and to `r` on the
/// camera). A page (a photographed one is found and flattened first) goes to Tesseract;
/// anything else, a sign, a label, a package, a screen, to the scene engine; `auto` decides from
/// where the scene detector finds the lines (`PageLayout`), and a page reading that accounts for
/// too few of those lines goes to the scene engine after all (`PageConfirmation`). Then the lines are spoken one by one
/// (each line a message, so none is cut off).
public final class PictureReader {
    /// Tesseract, in each page's own language.
    let pages: PageRecognizer?
    /// Tells the language of what the scene engine read, which reads every language alike: a
    /// page's worth of it is spoken in its own voice; a sign's few words, which tell no language,
    /// in the listener's.
    let languages: TextLanguageIdentifier?
    let scene: SceneTextReader?
    let engine: ReadingEngine
    /// The language of the events: the describers word the lines in it.
    let wording: Wording
    let describer: ReadingDescriber
    let sceneDescriber: ReadingDescriber
    let finder = PageFinder()
    /// A page covering more of the picture than this is a scan or a close photo already:
    /// flattening it would only resample it.
    static let flattenBelowFill = 0.9

    /// `auto` needs `scene` to choose; without it (no scene models) every picture is a page.
    /// `languages` tells the scene engine's text's language (`pages`' identifier when nil).
    public init(pages: PageRecognizer?, scene: SceneTextReader?, wording: Wording, engine: ReadingEngine = .auto,
                languages: TextLanguageIdentifier? = nil) {
        precondition(pages != nil || scene != nil, "a reader needs an engine")
        self.pages = pages
        self.languages = languages ?? pages?.identifier
        self.scene = scene
        self.engine = engine
        self.wording = wording
        describer = ReadingDescriber(wording: wording)
        sceneDescriber = .scene(wording: wording)
    }

    /// A reader whose pages are all read with `recognizer`, in its language.
    public convenience init(recognizer: TextRecognizer?, scene: SceneTextReader?, wording: Wording, engine: ReadingEngine = .auto) {
        self.init(pages: recognizer.map(PageRecognizer.init(only:)), scene: scene, wording: wording, engine: engine)
    }

    /// The picture's lines as said, after what is wrong with the picture (too dark, blurred),
    /// how the page was turned to be read and the language it was read in (`PictureRemarks`). The
    /// lines are in the page's language, the sentences about them in the listener's.
    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let quality = PictureQuality(measuring: image)
        var (reading, used) = try read(image)
        if used == .scene { reading.language = languages?.language(of: reading.text) }
        let describer = (used == .scene ? sceneDescriber : describer).lines(in: reading.language)
        let captions = PictureRemarks.captions(describer.captions(for: reading), of: reading, quality: quality, describer: describer)
        return ImageAnalysis(
            record: ResultRecord.read(source: source, page: reading, captions: captions, engine: used, describer: describer),
            events: captions.map { NarrationEvent(time: .zero, frame: 0, kind: .text, priority: .message, text: $0.text,
                                                 language: $0.language ?? wording.language, joinsNext: $0.joinsNext) })
    }

    /// The reading and the engine that made it (`page` or `scene`, never `auto`).
    func read(_ image: Image) throws -> (PageReading, ReadingEngine) {
        switch (engine, scene, pages) {
        case (.scene, let scene?, _):
            return (try scene.read(image), .scene)
        case (.auto, let scene?, let recognizer):
            let regions = try scene.detect(image)
            guard let recognizer, PageLayout.looksLikePage(regions, width: image.width, height: image.height) else {
                return (try scene.read(image, regions: regions), .scene)
            }
            let page = try readPage(image, with: recognizer)
            if PageConfirmation.confirms(page, regions: regions, clearFrom: describer.unclearBelow) {
                return (page, .page)
            }
            // Not a page after all (a board in a street scene): the reading that says more.
            let text = try scene.read(image, regions: regions)
            let sceneWords = PageConfirmation.clearWords(in: text, from: sceneDescriber.unclearBelow).count
            return sceneWords >= PageConfirmation.clearWords(in: page, from: describer.unclearBelow).count ? (text, .scene) : (page, .page)
        case (_, _, let recognizer?):
            return (try readPage(image, with: recognizer), .page)
        default:
            preconditionFailure("no engine for \(engine)")
        }
    }

    func readPage(_ image: Image, with recognizer: PageRecognizer) throws -> PageReading {
        try recognizer.read(flattenedPage(in: image) ?? image)
    }

    /// A photographed page, wholly in view, turned into an upright flat image; nil when the
    /// picture is not of that kind.
    func flattenedPage(in image: Image) -> Image? {
        guard let outline = finder.find(in: image),
              outline.cutOffEdges(frameWidth: image.width, frameHeight: image.height).isEmpty,
              outline.fillFraction(frameWidth: image.width, frameHeight: image.height) < Self.flattenBelowFill
        else { return nil }
        return finder.flatten(image, outline: outline)
    }
}
