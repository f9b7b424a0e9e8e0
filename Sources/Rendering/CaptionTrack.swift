// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Frames
import Narration

/// A timed caption track of a recording's narration, in stream time: WebVTT or SubRip,
/// so a narrated video can be played with its descriptions as subtitles.
///
/// Each moment's sentences become one cue, shown from that moment until the next cue
/// starts or, if that is later than it takes to read them, for a reading time (three words a
/// second, at least one and a half seconds). Cues are written as soon as their end is known,
/// so an interrupted run keeps everything said before.
///
/// `@unchecked Sendable`: every use of the mutable state and of `write` is under `lock`.
public final class CaptionTrack: Renderer, @unchecked Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case webVTT = "vtt"
        case subRip = "srt"

        /// The format a file name asks for, by its extension.
        public init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: ".") else { return nil }
            self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
        }
    }

    public let format: Format
    private let write: (String) -> Void
    private var pending: (start: Timestamp, lines: [String])?
    private var cues = 0
    private let lock = NSLock()

    static let wordsPerSecond = 3.0
    static let minimumSeconds = 1.5

    /// `write` receives the track's text in pieces, in order.
    public init(format: Format, write: @escaping (String) -> Void) {
        self.format = format
        self.write = write
        if format == .webVTT { write("WEBVTT\n\n") }
    }

    /// Adds an event; progress events are not captions.
    public func add(_ event: NarrationEvent) {
        guard event.kind != .progress else { return }
        lock.lock()
        defer { lock.unlock() }
        if let pending, pending.start == event.time {
            self.pending?.lines.append(event.text)
            return
        }
        flush(before: event.time)
        pending = (event.time, [event.text])
    }

    /// Writes the last cue; call once at the end of the stream.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        flush(before: nil)
    }

    public func render(_ event: NarrationEvent) { add(event) }
    /// A cue already written stays: the track is a record of what was said.
    public func interrupt() {}
    public func finish(timeoutSeconds: Double) { finish() }

    private func flush(before next: Timestamp?) {
        guard let pending else { return }
        self.pending = nil
        let words = pending.lines.reduce(0) { $0 + $1.split(separator: " ").count }
        let reading = max(Self.minimumSeconds, Double(words) / Self.wordsPerSecond)
        var end = pending.start.adding(seconds: reading)
        if let next, next < end { end = next }
        cues += 1
        let text = pending.lines.joined(separator: "\n")
        switch format {
        case .webVTT:
            write("\(Self.time(pending.start, separator: ".")) --> \(Self.time(end, separator: "."))\n\(text)\n\n")
        case .subRip:
            write("\(cues)\n\(Self.time(pending.start, separator: ",")) --> \(Self.time(end, separator: ","))\n\(text)\n\n")
        }
    }

    /// `HH:MM:SS.mmm` (WebVTT) or `HH:MM:SS,mmm` (SubRip).
    static func time(_ time: Timestamp, separator: String) -> String {
        let milliseconds = max(0, (time.microseconds + 500) / 1000)
        let hours = milliseconds / 3_600_000, minutes = milliseconds / 60_000 % 60
        let seconds = milliseconds / 1000 % 60, rest = milliseconds % 1000
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let millis = rest < 10 ? "00\(rest)" : rest < 100 ? "0\(rest)" : "\(rest)"
        return "\(two(hours)):\(two(minutes)):\(two(seconds))\(separator)\(millis)"
    }
}
