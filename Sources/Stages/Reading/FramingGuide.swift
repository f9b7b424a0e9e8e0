// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Narration

/// What one frame shows about how the camera is held over a page; the reading pipeline
/// fills it from the frame's quality and the page finder.
public struct FramingObservation: Sendable {
    public var time: Timestamp
    public var frame: Int
    public var pageFound: Bool
    /// Page edges out of view, named as the user holds the page ("top" is nearest the
    /// frame's top).
    public var cutOffEdges: Set<String>
    /// Share of the frame the page covers, 0–1.
    public var fillFraction: Double
    /// Steady and sharp enough to read.
    public var isSteady: Bool
    public var isTooDark: Bool
    public var isTooBright: Bool

    public init(time: Timestamp, frame: Int, pageFound: Bool, cutOffEdges: Set<String> = [], fillFraction: Double = 0,
                isSteady: Bool = true, isTooDark: Bool = false, isTooBright: Bool = false) {
        self.time = time
        self.frame = frame
        self.pageFound = pageFound
        self.cutOffEdges = cutOffEdges
        self.fillFraction = fillFraction
        self.isSteady = isSteady
        self.isTooDark = isTooDark
        self.isTooBright = isTooBright
    }
}

/// Short spoken advice while no good frame of the page exists — and silence otherwise.
/// It must help without nagging: advice is given only after its condition has held for a
/// moment, never more often than every couple of seconds, the same advice is not repeated
/// soon, and "No page in view." is said once per stretch without a page, not on a loop.
public final class FramingGuide {
    /// A condition must hold this long before it is spoken: a hand-held camera passes
    /// through bad frames all the time on its way to a good one.
    public static let holdSeconds = 0.5
    /// At most one piece of advice per this many seconds.
    public static let minimumGapSeconds = 2.0
    /// The same advice again only after this long: the user heard it and is acting on it.
    public static let repeatSameAfterSeconds = 6.0
    /// A page covering less of the frame than this is read poorly: about 30 pixels per line
    /// of text is what Tesseract needs, and a letter page at 720p needs about this much.
    public static let minimumFill = 0.25

    /// What the advice is about; advice of one kind holds even while its details change
    /// (e.g. which edges are cut off as the camera drifts).
    enum Kind: Equatable {
        case exposure, noPage, edges, closer, steady
    }

    private var candidate: Kind?
    private var candidateSince: Timestamp?
    private var lastSpoken: (kind: Kind, text: String, time: Timestamp)?
    private var noPageSaidThisEpisode = false
    public let wording: Wording

    public init(wording: Wording) {
        self.wording = wording
    }

    /// Advice for this frame, or nil (a good frame, or nothing new worth saying yet).
    public func advise(_ observation: FramingObservation) -> NarrationEvent? {
        if observation.pageFound { noPageSaidThisEpisode = false }
        guard let (kind, text, edges) = Self.advice(for: observation, wording: wording) else {
            candidate = nil
            candidateSince = nil
            return nil
        }
        let now = observation.time
        if kind != candidate {
            candidate = kind
            candidateSince = now
        }
        guard let since = candidateSince, now.seconds(since: since) >= Self.holdSeconds else { return nil }
        if kind == .noPage && noPageSaidThisEpisode { return nil }
        if let last = lastSpoken {
            let gap = now.seconds(since: last.time)
            if gap < Self.minimumGapSeconds { return nil }
            if last.text == text && gap < Self.repeatSameAfterSeconds { return nil }
        }
        lastSpoken = (kind, text, now)
        if kind == .noPage { noPageSaidThisEpisode = true }
        return NarrationEvent(time: now, frame: observation.frame, kind: .guidance, priority: .notification,
                              text: text, language: wording.language, edges: edges)
    }

    /// The most useful advice for a frame, most basic problem first: light, then whether a
    /// page is there at all, then framing, then distance, then steadiness; its sentence in `wording`.
    static func advice(for observation: FramingObservation, wording: Wording) -> (Kind, String, [String])? {
        if observation.isTooDark { return (.exposure, wording(.framingTooDark), []) }
        if observation.isTooBright { return (.exposure, wording(.framingTooBright), []) }
        guard observation.pageFound else { return (.noPage, wording(.framingNoPage), []) }
        if !observation.cutOffEdges.isEmpty {
            let edges = order.filter(observation.cutOffEdges.contains)
            return (.edges, edgeSentence(edges, wording: wording), edges)
        }
        if observation.fillFraction < minimumFill { return (.closer, wording(.framingMoveCloser), []) }
        if !observation.isSteady { return (.steady, wording(.framingHoldSteady), []) }
        return nil
    }

    private static let order = ["top", "right", "bottom", "left"]

    /// "Top edge is cut off. Move the camera up." For two neighbouring edges both moves; for
    /// opposite edges (or three or four) the page is larger than the view: move back.
    static func edgeSentence(_ edges: [String], wording: Wording) -> String {
        let opposite = Set(edges).isSuperset(of: ["top", "bottom"]) || Set(edges).isSuperset(of: ["left", "right"])
        switch edges.count {
        case 1:
            return wording(.framingEdgeCutOff, ["edge": .text(edges[0])])
        case 2 where !opposite:
            return wording(.framingCornerCutOff, ["edges": .text(edges.joined(separator: "-"))])
        default:
            let names = edges.map { MessageArgument.message(Message(.framingEdge, ["edge": .text($0)])) }
            return wording(.framingEdgesCutOffMoveBack, ["edges": .list(names)]).capitalizedFirst
        }
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
