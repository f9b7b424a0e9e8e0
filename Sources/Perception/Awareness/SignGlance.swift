// SPDX-License-Identifier: GPL-3.0-or-later
/// What awareness says about text in view, only when asked (the `d` key, `--describe-every`):
/// a short line is named as a sign with where it is and what it says ("Possibly a sign on the
/// left, reading EXIT."); longer text only as there being some, for `r` to read. Never a word
/// the scene engine is unsure of, and never long text uninvited.
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
    public func sentences(for image: Image) throws -> [String] {
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
            wording(.signsPossiblySign, ["place": .text(Self.place(of: sign.line.box, width: image.width)), "text": .text(sign.text)])
        }
        if longText || signs.count > Self.signsSaid { sentences.append(wording(.signsMoreText)) }
        return sentences
    }

    /// "left", "ahead" or "right": the third of the picture the line's centre is in, which the
    /// catalog's sentence selects its words by ("on the left").
    static func place(of box: Box, width: Int) -> String {
        let share = box.centerX / Double(max(1, width))
        return share < 1.0 / 3 ? "left" : share > 2.0 / 3 ? "right" : "ahead"
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
