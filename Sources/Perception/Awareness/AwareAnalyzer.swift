/// `aware` on a still image: detect, then describe in the hedged sentences the narrator uses,
/// one per kind of object (`ObjectSentences.pictureSentences`).
public final class AwareAnalyzer: ImageAnalyzer {
    let step: DetectionStep
    /// Its field of view places the objects; its verbosity words them.
    let policy: NarrationPolicy
    let sentences: ObjectSentences

    public init(step: DetectionStep, policy: NarrationPolicy = NarrationPolicy(), wording: Wording) {
        self.step = step
        self.policy = policy
        sentences = ObjectSentences(wording: wording)
    }

    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let detections = try step.detect(in: image)
        let objects = detections.map {
            NarratedObject(label: $0.label, confidence: $0.confidence, box: $0.box, track: nil, state: .present,
                           imageWidth: image.width, imageHeight: image.height,
                           horizontalFieldOfView: policy.horizontalFieldOfView)
        }
        var captions: [Caption] = []
        var events: [NarrationEvent] = []
        let language = sentences.wording.language
        for sentence in sentences.pictureSentences(ObjectSentences.group(objects), verbosity: policy.verbosity) {
            let confidence = sentence.groups.map(\.confidence).max() ?? 0
            captions.append(Caption(text: sentence.text, priority: .text, confidence: confidence))
            events.append(NarrationEvent(time: .zero, frame: 0, kind: .objects, priority: .text, text: sentence.text,
                                         language: language, objects: objects.filter { object in sentence.groups.contains { $0.holds(object) } }))
        }
        if captions.isEmpty {
            // A sentence about the tool, never a claim that nothing is there.
            let nothing = sentences.nothingConfident
            captions = [Caption(text: nothing, priority: .text, confidence: 1)]
            events = [NarrationEvent(time: .zero, frame: 0, kind: .objects, priority: .text, text: nothing, language: language)]
        }
        let record = ResultRecord.aware(source: source, width: image.width, height: image.height,
                                        detections: detections, captions: captions)
        return ImageAnalysis(record: record, events: events)
    }
}
