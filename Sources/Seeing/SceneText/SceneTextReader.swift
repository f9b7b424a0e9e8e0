// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// Reads the text in a scene: signs, labels, packaging, screens. The lines the detector finds
/// are cut out upright, turned when upside down, recognised, and put in reading order, each
/// word with its confidence so that narration can call the doubtful ones unclear.
///
/// Not thread-safe: one reader per worker thread.
public final class SceneTextReader {
    /// A line whose mean character probability is below this is not kept at all: the
    /// reference pipeline's drop score, below which its readings are mostly noise.
    public static let minimumLineConfidence = 0.5
    /// A line is turned when the classifier is this sure it is upside down (the reference's).
    static let upsideDownAbove = 0.9
    /// Only a line read with less confidence than this is asked about: an upside-down line
    /// reads as low-confidence noise, and asking about every line cost a tenth of the time.
    static let checkOrientationBelow = 0.9

    public let settings: SceneTextSettings
    let detector: SceneTextDetector
    let recognizer: LineRecognizer
    let orientation: LineOrientation?

    /// Loads the three networks and the dictionary (all from `make setup`).
    public init(settings: SceneTextSettings = SceneTextSettings(), layers: CVision_TextLayers = CVision_TextLayersFast)
        throws(SceneTextError) {
        let model = settings.model
        self.settings = settings
        let dictionary = try CharacterDictionary(contentsOf: try SceneTextFiles.locate(model.dictionaryFile))
        detector = try SceneTextDetector(modelPath: try SceneTextFiles.locate(model.detectorFile), model: model,
                                         longerSideLimit: settings.longerSideLimit, layers: layers)
        recognizer = try LineRecognizer(modelPath: try SceneTextFiles.locate(model.recognizerFile), dictionary: dictionary, layers: layers)
        orientation = settings.turnsUpsideDownLines
            ? try LineOrientation(modelPath: try SceneTextFiles.locate(SceneTextModel.orientationFile), layers: layers) : nil
    }

    /// Where the lines are, without reading them.
    public func detect(_ image: Image) throws(SceneTextError) -> [TextQuad] {
        try detector.detect(image)
    }

    /// Every readable line in the picture, in reading order.
    public func read(_ image: Image) throws(SceneTextError) -> PageReading {
        try read(image, regions: try detector.detect(image))
    }

    /// The lines in `regions` (from `detect` on the same picture), in reading order.
    public func read(_ image: Image, regions: [TextQuad]) throws(SceneTextError) -> PageReading {
        var lines: [TextLine] = []
        for quad in regions {
            let cut = try image.cutLine(quad)
            var characters = try recognizer.read(cut)
            var confidence = CTCDecoder.lineConfidence(characters)
            if confidence < Self.checkOrientationBelow, let orientation, try orientation.upsideDown(cut) > Self.upsideDownAbove {
                let turned = try recognizer.read(try cut.turnedHalfway())
                let turnedConfidence = CTCDecoder.lineConfidence(turned)
                if turnedConfidence > confidence { (characters, confidence) = (turned, turnedConfidence) }
            }
            let words = CTCDecoder.words(characters)
            guard confidence >= Self.minimumLineConfidence, !words.isEmpty else { continue }
            let box = quad.box
            lines.append(TextLine(
                words: words.map { RecognizedWord(text: $0.map(\.text).joined(), confidence: Self.wordConfidence($0), box: box) },
                confidence: confidence, box: box, paragraph: 0, quad: quad))
        }
        let order = ReadingOrder.arrange(lines.map(\.box))
        return PageReading(width: image.width, height: image.height, lines: order.map { entry in
            var line = lines[entry.index]
            line.paragraph = entry.block
            return line
        })
    }

    /// A word is as sure as its characters on average.
    static func wordConfidence(_ characters: [DecodedCharacter]) -> Double {
        CTCDecoder.lineConfidence(characters)
    }
}
