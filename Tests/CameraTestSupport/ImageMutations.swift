// SPDX-License-Identifier: GPL-3.0-or-later
/// Damaged copies of real image files, made from a seed so a failure repeats: what a batch
/// meets in an old archive or a half-copied card. Four kinds, as a fuzzer would make them.
public enum ImageMutation: String, CaseIterable, Sendable {
    /// 1 to 32 bits flipped, a quarter of the time all in the first 64 bytes (the headers).
    case bitFlips
    /// The file cut off anywhere.
    case truncation
    /// A run of bytes from another file written over or into this one (chunks out of place).
    case splice
    /// Random bytes: the whole file, or a stretch of it.
    case randomBytes

    /// A mutant of `original`, with `donor` for splices.
    public func apply(to original: [UInt8], donor: [UInt8], using random: inout SplitMix) -> [UInt8] {
        var bytes = original
        guard !bytes.isEmpty else { return bytes }
        switch self {
        case .bitFlips:
            let inHeaders = Int.random(in: 0..<4, using: &random) == 0
            for _ in 0..<Int.random(in: 1...32, using: &random) {
                let end = inHeaders ? min(64, bytes.count) : bytes.count
                bytes[Int.random(in: 0..<end, using: &random)] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
            }
        case .truncation:
            bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case .splice:
            guard !donor.isEmpty else { return bytes }
            let length = Int.random(in: 1...min(4096, donor.count), using: &random)
            let from = Int.random(in: 0...(donor.count - length), using: &random)
            let at = Int.random(in: 0..<bytes.count, using: &random)
            if Bool.random(using: &random) {
                bytes.insert(contentsOf: donor[from..<from + length], at: at)
            } else {
                let end = min(bytes.count, at + length)
                bytes.replaceSubrange(at..<end, with: donor[from..<from + (end - at)])
            }
        case .randomBytes:
            if Int.random(in: 0..<4, using: &random) == 0 {
                bytes = (0..<Int.random(in: 1...65536, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                let length = Int.random(in: 1...min(8192, bytes.count), using: &random)
                let at = Int.random(in: 0...(bytes.count - length), using: &random)
                for index in at..<at + length { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            }
        }
        return bytes
    }
}
