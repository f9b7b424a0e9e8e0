/// The outcome of analysing one still image: what to print and what to say.
public struct ImageAnalysis: Sendable {
    public var record: JSONValue
    public var captions: [Caption]
}

/// One mode's work on a still image. Holds an expensive engine (network or Tesseract),
/// so each worker thread owns its own analyzer and never shares it.
public protocol ImageAnalyzer: AnyObject {
    func analyze(_ image: Image, source: String) throws -> ImageAnalysis
}

/// `aware` on a still image: detect, then describe in hedged sentences.
public final class AwareAnalyzer: ImageAnalyzer {
    let detector: ObjectDetector
    let describer: SceneDescriber
    let minConfidence: Double

    public init(detector: ObjectDetector, describer: SceneDescriber, minConfidence: Double) {
        self.detector = detector
        self.describer = describer
        self.minConfidence = minConfidence
    }

    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let detections = try detector.detect(in: image, minConfidence: minConfidence)
        var captions = describer.captions(for: detections, imageWidth: image.width, imageHeight: image.height)
        if captions.isEmpty {
            // A sentence about the tool, never a claim that nothing is there.
            captions = [Caption(text: SceneDescriber.nothingConfident, priority: .text, confidence: 1)]
        }
        let record = ResultRecord.aware(source: source, width: image.width, height: image.height,
                                        detections: detections, captions: captions)
        return ImageAnalysis(record: record, captions: captions)
    }
}

/// `read` on a still image: recognise text, then speak it line by line.
public final class ReadAnalyzer: ImageAnalyzer {
    let recognizer: TextRecognizer
    let describer: ReadingDescriber
    let finder = PageFinder()
    /// A page covering more of the picture than this is a scan or a close photo already:
    /// flattening it would only resample it.
    static let flattenBelowFill = 0.9

    public init(recognizer: TextRecognizer, describer: ReadingDescriber) {
        self.recognizer = recognizer
        self.describer = describer
    }

    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let page = try recognizer.read(flattenedPage(in: image) ?? image)
        let captions = describer.captions(for: page)
        return ImageAnalysis(record: ResultRecord.read(source: source, page: page, captions: captions),
                             captions: captions)
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
