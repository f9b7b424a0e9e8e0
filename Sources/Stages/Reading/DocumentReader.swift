// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// The reading mode's stage. A page held in front of a moving camera: guidance while no good
/// frame exists, OCR only of steady, sharp, whole-page frames (flattened first), several
/// readings combined before the first word is spoken, and each page read once, with no more
/// guidance about it while it stays in view. A still image,
/// a one-frame stream, is read whole at once by its `PictureReader`, as is the camera's newest
/// frame on `r`.
///
/// One reader per stream, used from one thread.
public final class DocumentReader: StreamStage, ImageAnalyzer {
    /// Readings combined before speaking: three outvote one bad frame.
    public static let readingsPerPage = 3
    /// Good frames this close together are nearly the same picture; spacing the readings
    /// gives the vote independent frames and keeps OCR off most frames.
    public static let secondsBetweenReadings = 0.3
    /// While the page read aloud stays in view, a glance every this many seconds notices if
    /// it was swapped for another page.
    public static let recheckSeconds = 3.0
    /// A page out of view this long ends the episode: readings gathered so far are dropped.
    public static let forgetPageAfterSeconds = 2.0
    /// A reading this different from the page already read is a new page.
    static let newPageDistance = 0.5

    /// Reads a picture whole: stills, and `r`.
    let pictures: PictureReader
    private let wording: Wording
    private let describer: ReadingDescriber
    private let meter = QualityMeter()
    private var sharpness = SharpnessReference()
    private let finder = PageFinder()
    private let guide: FramingGuide
    private var readings: [PageReading] = []
    private var lastReadingTime: Timestamp?
    private var lastPageSeen: Timestamp?
    /// Text of the page last read aloud, to recognise it if it comes back.
    private var pageRead: [UInt32]?
    /// The page read aloud has not left the view since: no OCR is spent on it again.
    private var readPageInView = false
    /// The language the last page read aloud was read in: a page in the same language as the
    /// one before it (the next page of a letter) is not announced as in that language again.
    private var lastPageLanguage: Language?

    /// A reader of pages on a stream, each in its own language (`pages`), and of pictures with it.
    public convenience init(pages: PageRecognizer, wording: Wording) {
        self.init(pictures: PictureReader(pages: pages, scene: nil, wording: wording, engine: .page), wording: wording)
    }

    /// A reader of pages on a stream, all in `recognizer`'s language, and of pictures with it.
    public convenience init(recognizer: TextRecognizer, wording: Wording) {
        self.init(pages: PageRecognizer(only: recognizer), wording: wording)
    }

    /// A stream needs `pictures` to read pages (Tesseract); stills may read with the scene
    /// engine alone.
    public init(pictures: PictureReader, wording: Wording) {
        self.pictures = pictures
        self.wording = wording
        describer = ReadingDescriber(wording: wording)
        guide = FramingGuide(wording: wording)
    }

    /// Page finding and OCR as timed; narration is the rest of `observe` (framing advice,
    /// combining readings, wording).
    public private(set) var lastTimings = StageTimings()

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        let started = MonotonicClock.now()
        var timings = StageTimings()
        defer {
            let total = MonotonicClock.now().seconds(since: started)
            timings.narration = max(0, total - (timings.pageFinding ?? 0) - (timings.ocr ?? 0))
            lastTimings = timings
        }
        let image = frame.image
        let (quality, view) = MonotonicClock.timed(&timings.pageFinding) {
            (meter.measure(frame), PageView(finder: finder, image: image))
        }
        let observation = FramingObservation(
            time: frame.timestamp, frame: frame.index, pageFound: view != nil, cutOffEdges: view?.edges ?? [],
            fillFraction: view?.fill ?? 0,
            isSteady: quality.isSteady && sharpness.isSharp(quality.sharpness, at: frame.timestamp),
            isTooDark: quality.isTooDark, isTooBright: quality.isTooBright)
        if view != nil { lastPageSeen = frame.timestamp }
        if let seen = lastPageSeen, frame.timestamp.seconds(since: seen) > Self.forgetPageAfterSeconds {
            readings = []
            readPageInView = false
        }

        let isGood = FramingGuide.advice(for: observation, wording: wording) == nil
        // Framing advice is for getting a page read: once it has been, advice about the same page
        // would only nag ("Top edge is cut off" after "End of page"). It resumes when the page has
        // left the view (`forgetPageAfterSeconds`) or another page has taken its place.
        if !readPageInView, let advice = guide.advise(observation) { return [advice] }
        guard isGood, let view else { return [] }
        let spacing = readPageInView ? Self.recheckSeconds : Self.secondsBetweenReadings
        if let last = lastReadingTime, frame.timestamp.seconds(since: last) < spacing { return [] }
        lastReadingTime = frame.timestamp
        var flattening: Double?
        let pageImage = MonotonicClock.timed(&flattening) { view.pageImage(finder: finder, frame: image) }
        timings.pageFinding = (timings.pageFinding ?? 0) + (flattening ?? 0)
        guard let pageImage else { return [] }
        guard let recognizer = pictures.pages else { preconditionFailure("a stream of pages is read by Tesseract") }
        let reading = try MonotonicClock.timed(&timings.ocr) { try recognizer.read(pageImage) }
        if readPageInView {
            // Still the page already read: nothing to say. Another page: start reading it.
            guard let previous = pageRead,
                  ReadingConsensus.normalizedDistance(previous, ReadingConsensus.scalars(reading.text)) >= Self.newPageDistance
            else { return [] }
            readPageInView = false
        }
        readings.append(reading)
        guard readings.count >= Self.readingsPerPage else { return [] }

        let page = ReadingConsensus.combine(readings)
        readings = []
        let text = ReadingConsensus.scalars(page.text)
        if let previous = pageRead, ReadingConsensus.normalizedDistance(previous, text) < Self.newPageDistance {
            readPageInView = true  // the page already read, back in view
            return []
        }
        pageRead = text
        readPageInView = true
        return announce(page, at: frame)
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        [.endOfStream(at: time, frame: frame, wording: describer.wording)]
    }

    /// `read`: read the newest frame now, whatever its framing (a flattened page if one is
    /// wholly in view), without waiting for steady frames.
    public var commands: Set<LiveCommand> { [.readNow] }

    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        guard command == .readNow else { return [] }
        guard let frame else { return [.noPictureYet(wording)] }
        let analysis = try pictures.analyze(frame.image, source: "camera")
        return analysis.events.map { event in
            var event = event
            (event.time, event.frame) = (frame.timestamp, frame.index)
            return event
        }
    }

    /// A still image, read whole.
    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        try pictures.analyze(image, source: source)
    }

    /// "Page found. Reading.", that the page was turned to be read if it was, the language it
    /// was read in when that is not the listener's and not the last page's, the lines (kind
    /// text, queued so none is cut off, in the page's language), then the end-of-page summary.
    private func announce(_ page: PageReading, at frame: Frame) -> [NarrationEvent] {
        func event(_ kind: NarrationKind, _ text: String, joinsNext: LineJoin? = nil, language: String? = nil) -> NarrationEvent {
            NarrationEvent(time: frame.timestamp, frame: frame.index, kind: kind, priority: .message, text: text,
                           language: language ?? wording.language, joinsNext: joinsNext)
        }
        let captions = describer.lines(in: page.language).captions(for: page)
        var events = [event(.status, wording(.pageFoundReading))]
        if let turned = PictureRemarks.turned(page, wording: wording) { events.append(event(.status, turned)) }
        if page.language != lastPageLanguage, let language = PictureRemarks.language(page, as: .page, wording: wording) {
            events.append(event(.status, language))
        }
        lastPageLanguage = page.language
        events += captions.dropLast().map { event(.text, $0.text, joinsNext: $0.joinsNext, language: $0.language) }
        if let last = captions.last { events.append(event(.status, last.text)) }
        return events
    }
}

/// What the camera shows of the page in one frame: its outline, or — when no border can be
/// seen (the camera is close, or the page lies on something as light as itself) — the
/// region where text is.
struct PageView {
    var outline: PageOutline?
    /// Page edges out of view, as guidance names them.
    var edges: Set<String>
    /// Share of the frame the page (or its text) covers.
    var fill: Double

    /// Text closer to the frame's border than this share of its size is taken to run out of it.
    static let textBorderMargin = 0.01

    init?(finder: PageFinder, image: Image) {
        let (width, height) = (image.width, image.height)
        if let outline = finder.find(in: image),
           outline.edgesAlongBorder(frameWidth: width, frameHeight: height).count < 4 {
            self.outline = outline
            // Edges along the border say which way to move; a page poking out only at a
            // corner names every edge that runs out of view.
            let along = outline.edgesAlongBorder(frameWidth: width, frameHeight: height)
            let edges = along.isEmpty ? outline.cutOffEdges(frameWidth: width, frameHeight: height) : along
            self.edges = Set(edges.map(\.rawValue))
            self.fill = outline.fillFraction(frameWidth: width, frameHeight: height)
            return
        }
        guard let text = finder.findTextRegion(in: image) else { return nil }
        let dx = Self.textBorderMargin * Double(width), dy = Self.textBorderMargin * Double(height)
        var edges: Set<String> = []
        if text.y <= dy { edges.insert("top") }
        if text.maxY >= Double(height) - dy { edges.insert("bottom") }
        if text.x <= dx { edges.insert("left") }
        if text.maxX >= Double(width) - dx { edges.insert("right") }
        self.outline = nil
        self.edges = edges
        // The text block, not the page, is what must be big enough to read.
        self.fill = text.area / Double(width * height)
    }

    /// The image to read: the flattened page, or the frame itself when only text was found.
    func pageImage(finder: PageFinder, frame: Image) -> Image? {
        guard let outline else { return frame }
        return finder.flatten(frame, outline: outline)
    }
}
