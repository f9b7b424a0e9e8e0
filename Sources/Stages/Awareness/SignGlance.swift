// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// What awareness says about text in view, only when asked (the `d` key, `--describe-every`):
/// a short line is named as a sign with where it is, as the clock hour objects are placed by,
/// and what it says ("Possibly a sign at 2 o'clock, reading EXIT."); longer text only as there
/// being some, for `r` to read, or in a still picture, where no key works, for `sensecam read`.
/// Never a word the scene engine is unsure of, and never long text uninvited.
public final class SignGlance {
    /// A line of at most this many words is a sign, a label, a door plate: said whole.
    static let signWords = 4
    /// At most this many signs a summary, the most confident first: a shop front has dozens.
    static let signsSaid = 2
    public let wording: Wording
    private let makeReader: () throws -> SceneTextReader
    private var reader: SceneTextReader?
    private var unavailable = false
    private let describer: ReadingDescriber

    /// The scene engine is loaded the first time it is asked for, so awareness starts as fast
    /// as before; without the scene models, summaries simply say nothing about text.
    public init(wording: Wording, reader: @escaping () throws -> SceneTextReader) {
        self.wording = wording
        makeReader = reader
        describer = .scene(wording: wording)
    }

    /// The sentences for text in `image`, in order of confidence; empty when none is clear.
    /// The lens's `horizontalFieldOfView` places each sign at its clock hour. `picture` is the
    /// still's path, when the image is one, for the command that reads the rest of its text.
    public func sentences(for image: Image, horizontalFieldOfView: Double, picture: String? = nil) throws -> [String] {
        guard let reader = try loadedReader() else { return [] }
        let lines = try reader.read(image).lines
        var signs: [(text: String, line: TextLine)] = []
        var longText = false
        for line in lines {
            let spoken = describer.spokenLine(line)
            guard !spoken.isEmpty, !spoken.contains(describer.unclearMarker) else { continue }
            if line.words.count <= Self.signWords { signs.append((spoken, line)) } else { longText = true }
        }
        var sentences = signs.sorted { $0.line.confidence > $1.line.confidence }.prefix(Self.signsSaid).map { sign in
            sentence(sign.text, confidence: sign.line.confidence,
                     at: ClockDirection(of: sign.line.box, imageWidth: image.width, horizontalFieldOfView: horizontalFieldOfView))
        }
        if longText || signs.count > Self.signsSaid {
            sentences.append(picture.map { wording(.signsMoreTextInPicture, ["path": .text(ShellWord.quoted($0))]) }
                ?? wording(.signsMoreText))
        }
        return sentences
    }

    /// "Possibly a sign at 2 o'clock, reading EXIT.": the sign's words, hedged by how surely
    /// its line was read, at its clock hour.
    func sentence(_ text: String, confidence: Double, at hour: ClockDirection) -> String {
        wording(.signsSign, ["band": .text(Self.band(confidence).name), "place": .text(hour.phrase(wording)), "text": .text(text)])
    }

    /// A line read at least this surely (the mean probability of its characters) is "probably"
    /// what the sign says; below it only "possibly". Measured on the 60 ICDAR 2015 street
    /// photos (217 short lines said as signs by the live engine): from 0.998, 79 % were read
    /// word for word as the truth has them (the rest include right readings of text the truth
    /// leaves unmarked); below it, 38 %.
    static let probablyFrom = 0.998

    /// How a sign is hedged: by the scene engine's confidence in the whole line, as an object
    /// is by the detector's.
    static func band(_ lineConfidence: Double) -> ConfidenceBand {
        lineConfidence >= probablyFrom ? .probably : .possibly
    }

    private func loadedReader() throws -> SceneTextReader? {
        if let reader { return reader }
        if unavailable { return nil }
        do {
            reader = try makeReader()
        } catch let error as SceneTextError {
            guard case .missing = error else { throw error }
            unavailable = true
        }
        return reader
    }
}
