// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A 16-bit mono PCM WAV file: what espeak-ng synthesizes into memory, written out for tests
/// and recordings.
public enum WAVFile {
    /// Writes `samples` at `sampleRate` Hz to `path`, replacing any file there.
    public static func write(_ samples: [Int16], sampleRate: Int, to path: String) throws(RendererError) {
        let dataBytes = samples.count * 2
        var data = Data(capacity: 44 + dataBytes)
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        append("RIFF"); append32(36 + dataBytes); append("WAVE")
        // PCM, one channel, sample rate, bytes a second, bytes a frame, bits a sample.
        append("fmt "); append32(16); append16(1)
        append16(1); append32(sampleRate); append32(sampleRate * 2); append16(2); append16(16)
        append("data"); append32(dataBytes)
        samples.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw RendererError(.speechCannotWriteWAV, ["path": .text(path)])
        }
    }
}
