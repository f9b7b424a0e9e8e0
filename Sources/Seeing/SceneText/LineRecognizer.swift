// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// PP-OCR's CTC recognizer: one cut line to characters, each with its probability.
///
/// Not thread-safe: one recognizer per worker thread.
public final class LineRecognizer {
    private let handle: OpaquePointer
    public let dictionary: CharacterDictionary
    /// Lines are scaled to height 48; longer than this many pixels then, they are squeezed.
    public static let maximumWidth = 1600
    /// Shorter lines are padded with zeros to this width. The reference pads to 320; on the 60
    /// ICDAR photos 160 read as many words (225 at 320, 228 at 160) in 9 % less time.
    public static let defaultMinimumWidth = 160
    /// The reference's padding, for comparing with it.
    public static let referenceMinimumWidth = 320
    public var minimumWidth = defaultMinimumWidth

    public init(modelPath: String, dictionary: CharacterDictionary, layers: CVision_TextLayers = CVision_TextLayersFast)
        throws(SceneTextError) {
        var handle: OpaquePointer?
        let result = callShim { CVision_text_recognizer_create(modelPath, Int32(dictionary.classCount), layers, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else { throw .unreadable(path: modelPath, reason: result.message) }
        self.handle = handle
        self.dictionary = dictionary
    }

    deinit { CVision_text_recognizer_destroy(handle) }

    /// The line's best class and its probability at every time step.
    public func steps(_ line: Image) throws(SceneTextError) -> (classes: [Int], probabilities: [Float]) {
        var classes: UnsafePointer<Int32>?
        var probabilities: UnsafePointer<Float>?
        var count: Int32 = 0
        let result = callShim {
            CVision_text_recognizer_run(handle, line.handle, Int32(minimumWidth), Int32(Self.maximumWidth), &classes, &probabilities,
                                        &count, $0, $1)
        }
        guard result.status == CVision_OK, let classes, let probabilities else { throw .failed(reason: result.message) }
        let n = Int(count)
        return (UnsafeBufferPointer(start: classes, count: n).map(Int.init), Array(UnsafeBufferPointer(start: probabilities, count: n)))
    }

    /// The line's characters.
    public func read(_ line: Image) throws(SceneTextError) -> [DecodedCharacter] {
        let steps = try steps(line)
        return CTCDecoder.decode(classes: steps.classes, probabilities: steps.probabilities, dictionary: dictionary)
    }

    public var lastForwardSeconds: Double { CVision_text_recognizer_last_forward_seconds(handle) }
}
