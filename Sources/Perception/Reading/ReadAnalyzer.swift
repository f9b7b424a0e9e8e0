/// `read` on a still image: find and flatten a photographed page, recognise its text, then
/// speak it line by line (each line a message, so none is cut off).
public final class ReadAnalyzer: ImageAnalyzer {
    let recognizer: TextRecognizer
    let describer: ReadingDescriber
    let finder = PageFinder()
    /// A page covering more of the picture than this is a scan or a close photo already:
    /// flattening it would only resample it.
    static let flattenBelowFill = 0.9

    public init(recognizer: TextRecognizer, describer: ReadingDescriber = ReadingDescriber()) {
        self.recognizer = recognizer
        self.describer = describer
    }

    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let page = try recognizer.read(flattenedPage(in: image) ?? image)
        let captions = describer.captions(for: page)
        return ImageAnalysis(
            record: ResultRecord.read(source: source, page: page, captions: captions),
            events: captions.map { NarrationEvent(time: .zero, frame: 0, kind: .text, priority: .message, text: $0.text) })
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
