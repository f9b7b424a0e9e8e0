// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// Scanning on the camera: every frame is searched for codes. A code read is said once while
/// it stays in view (with the products database's word for a product code); while a code is
/// only glimpsed — cut off, too small, or not yet readable — short guidance says where to move,
/// at most one sentence every `secondsBetweenGuidance`, and a tick whose rate rises as the
/// code nears the centre at a good size tells the listener they are getting closer.
///
/// One scanner per stream, used from one thread.
public final class CodeScanner: StreamStage, ImageAnalyzer {
    /// Guidance at most this often: the limit, and about the time one short sentence
    /// takes to say and the hand to respond.
    public static let secondsBetweenGuidance = 2.0
    /// A code not seen for this long is new again when it comes back: long enough to bridge
    /// frames where it blurs or a hand covers it, short enough that putting it down and
    /// picking it up again is heard.
    public static let forgetAfterSeconds = 3.0
    /// A linear code is said once it has been read this many times (in frames less than
    /// `forgetAfterSeconds` apart): its check digit catches only nine misreads in ten, and a
    /// small or smeared barcode in a moving frame is misread now and then (seen on the
    /// simulated video: two wrong EAN numbers from one far-off code). The same wrong digits
    /// twice are far rarer. 2-D codes carry error correction, and are said from one read.
    static let linearReadsNeeded = 2
    /// Ticks a second from a code barely glimpsed to one centred at a good size: slow enough
    /// at the low end to count, fast enough at the top to sound urgent.
    static let slowestTicks = 1.5, fastestTicks = 8.0
    /// The tick: short and high, unlike speech, so it is heard under it.
    static let tickHertz = 1_500.0, tickSeconds = 0.015
    /// Rates within this step are the same cue: no new event for a change the ear cannot tell.
    static let tickRateStep = 0.75
    /// A held cue is renewed this often, or the player lets it fall silent.
    static let cueRenewSeconds = 0.3

    private let reader = CodeReader()
    private let products: (@Sendable (String) -> String?)?
    private let revealSecrets: Bool
    private let sentences: CodeSentences
    private var wording: Wording { sentences.wording }
    private var lastSeen: [String: Timestamp] = [:]
    /// Reads of each code seen recently; said once `readsNeeded` is reached.
    private var reads: [String: Int] = [:]
    private var lastGuidance: Timestamp?
    private var lastCue: (rate: Double, time: Timestamp)?
    public private(set) var lastAdvice: AimingGuide.Advice?

    /// `products` words its sentences itself, in the same language as `wording`.
    public init(wording: Wording, products: (@Sendable (String) -> String?)? = nil, revealSecrets: Bool = false) {
        self.products = products
        self.revealSecrets = revealSecrets
        sentences = CodeSentences(wording: wording)
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        let now = frame.timestamp
        var scan = try reader.scan(frame.image, effort: .live)
        // Bars seen but nothing read: a closer look at the most barcode-like patch.
        if scan.codes.isEmpty, let stripes = Self.target(scan), stripes.origin == .stripes {
            scan.codes = try reader.codes(in: frame.image, region: stripes.box)
        }
        lastSeen = lastSeen.filter { now.seconds(since: $0.value) < Self.forgetAfterSeconds }
        reads = reads.filter { lastSeen[$0.key] != nil }
        lastAdvice = nil
        var events: [NarrationEvent] = []
        for code in scan.codes {
            let key = code.format.rawValue + "\u{0}" + code.text
            lastSeen[key] = now
            let count = (reads[key] ?? 0) + 1
            reads[key] = count
            if count == (code.format.isLinear ? Self.linearReadsNeeded : 1) { events += announce(code, at: frame) }
        }
        guard scan.codes.isEmpty, let target = Self.target(scan) else { return events }
        let advice = AimingGuide.advice(for: target.box, width: scan.width, height: scan.height, wording: wording)
        lastAdvice = advice
        if let sentence = advice.sentence,
           lastGuidance.map({ now.seconds(since: $0) >= Self.secondsBetweenGuidance }) ?? true {
            lastGuidance = now
            events.append(NarrationEvent(time: now, frame: frame.index, kind: .guidance, priority: .notification, text: sentence,
                                         language: wording.language, edges: advice.side.map { [$0.rawValue] } ?? []))
        }
        let rate = Self.slowestTicks + (Self.fastestTicks - Self.slowestTicks) * advice.closeness
        if let last = lastCue, abs(last.rate - rate) < Self.tickRateStep, now.seconds(since: last.time) < Self.cueRenewSeconds {
            return events
        }
        lastCue = (rate, now)
        events.append(.cue(Tone(hertz: Self.tickHertz, seconds: Self.tickSeconds, perSecond: rate), at: frame))
        return events
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] { [] }

    /// `describe` or `read` now: the codes in view said again, even those already announced.
    public var commands: Set<LiveCommand> { [.describeNow, .readNow] }

    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        guard command == .describeNow || command == .readNow else { return [] }
        guard let frame else { return [.noPictureYet(wording)] }
        let scan = try reader.scan(frame.image, effort: .still, candidates: false)
        guard !scan.codes.isEmpty else {
            return [NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .status, priority: .message,
                                   text: sentences.noneRead, language: wording.language)]
        }
        return scan.codes.flatMap { announce($0, at: frame) }
    }

    private func announce(_ code: ScannedCode, at frame: Frame) -> [NarrationEvent] {
        var said = [sentences.sentence(for: code, revealSecrets: revealSecrets)]
        if code.format.isProductCode, let product = products?(code.text) { said.append(product) }
        return said.map {
            NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .text, priority: .message, text: $0,
                           language: wording.language)
        }
    }

    /// A still image (`scan IMAGE`, `batch --mode scan`): every code in it, each said in one
    /// sentence (a product code followed by what the products database says of it, when there
    /// is one), and the record `--json` and batch write.
    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let scan = try reader.scan(image, effort: .still, candidates: false)
        var events: [NarrationEvent] = []
        var records: [JSONValue] = []
        for code in scan.codes {
            let sentence = sentences.sentence(for: code, revealSecrets: revealSecrets)
            var product: String?
            if code.format.isProductCode, let products { product = products(code.text) }
            events.append(NarrationEvent(time: .zero, frame: 0, kind: .text, priority: .message, text: sentence,
                                         language: wording.language))
            if let product {
                events.append(NarrationEvent(time: .zero, frame: 0, kind: .text, priority: .message, text: product,
                                             language: wording.language))
            }
            records.append(ResultRecord.code(code, spoken: sentence, product: product))
        }
        if scan.codes.isEmpty {
            events = [NarrationEvent(time: .zero, frame: 0, kind: .status, priority: .message, text: sentences.noneRead,
                                     language: wording.language)]
        }
        let record = JSONValue.object([
            ("source", .string(source)),
            ("width", .integer(image.width)),
            ("height", .integer(image.height)),
            ("codes", .array(records)),
        ])
        return ImageAnalysis(record: record, events: events)
    }

    /// The candidate to guide to: a symbol ZXing located beats a stripe patch (it is surely a
    /// code); among located symbols the largest, among stripes the one with most bars (large
    /// print and ruled lines can look like a few bars; a barcode has dozens).
    static func target(_ scan: CodeScan) -> CodeCandidate? {
        scan.candidates.max { a, b in
            if a.origin != b.origin { return a.origin == .stripes }
            return a.origin == .located ? a.box.area < b.box.area : a.transitions < b.transitions
        }
    }
}

extension ResultRecord {
    /// `{"format", "text", "spoken", "box", "corners", "product"}` for one code read.
    static func code(_ code: ScannedCode, spoken: String, product: String?) -> JSONValue {
        .object([
            ("format", .string(code.format.rawValue)),
            ("text", .string(code.text)),
            ("spoken", .string(spoken)),
            ("box", box(code.box)),
            ("corners", .array(code.corners.flatMap { [$0.x, $0.y] }.map { .number($0, decimals: pixelDecimals) })),
            ("product", product.map { .string($0) } ?? .null),
        ])
    }
}
