// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Words
import Frames

/// Reads barcodes and 2-D codes with ZXing-C++ through the shim, and finds where unreadable
/// ones may be. Holds nothing between calls, so one reader serves a whole stream.
public final class CodeReader: @unchecked Sendable {
    /// How hard to look: a live frame once; a still again enlarged and equalised if need be.
    public enum Effort: Sendable { case live, still }

    /// Stripe regions beyond the few largest are clutter for guidance.
    static let stripeCapacity = 4

    public init() {}

    /// Every code in `image`, and (when `candidates`) the places unread codes may be.
    public func scan(_ image: Image, effort: Effort, candidates wantsCandidates: Bool = true) throws(CodeError) -> CodeScan {
        var list: OpaquePointer?
        let result = callShim {
            CVision_codes_read(image.handle, effort == .still ? CVision_CodeEffortStill : CVision_CodeEffortLive, &list, $0, $1)
        }
        guard result.status == CVision_OK, let list else { throw .failed(reason: result.message) }
        defer { CVision_code_list_destroy(list) }
        let (codes, located) = Self.symbols(list)
        let candidates = wantsCandidates ? located + (try stripes(in: image)) : []
        return CodeScan(codes: codes, candidates: candidates, width: image.width, height: image.height)
    }

    /// The codes read and the symbols only located, from a shim list.
    private static func symbols(_ list: OpaquePointer) -> (codes: [ScannedCode], candidates: [CodeCandidate]) {
        var codes: [ScannedCode] = []
        var candidates: [CodeCandidate] = []
        for index in 0..<CVision_code_list_count(list) {
            let symbol = CVision_code_list_symbol(list, index)
            guard let format = CodeFormat(symbol.format) else { continue }
            let corners = Self.points(symbol.corners)
            if symbol.decoded != 0 {
                var length = 0
                let bytes = CVision_code_list_text(list, index, &length)!
                let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
                codes.append(ScannedCode(format: format, text: text, corners: corners))
            } else {
                candidates.append(CodeCandidate(origin: .located, box: Box(around: corners)))
            }
        }
        return (codes, candidates)
    }

    /// Four corners from the shim's `x1, y1, … x4, y4` (a C array, imported as a tuple).
    private static func points(_ corners: (Float, Float, Float, Float, Float, Float, Float, Float)) -> [Point] {
        let (x1, y1, x2, y2, x3, y3, x4, y4) = corners
        return [(x1, y1), (x2, y2), (x3, y3), (x4, y4)].map { Point(x: Double($0.0), y: Double($0.1)) }
    }

    /// The codes read in one region of `image` (a stripe candidate), enlarged and sharpened.
    public func codes(in image: Image, region: Box) throws(CodeError) -> [ScannedCode] {
        var list: OpaquePointer?
        let bounds = [Float(region.x), Float(region.y), Float(region.width), Float(region.height)]
        let result = bounds.withUnsafeBufferPointer { buffer in
            callShim { CVision_codes_read_region(image.handle, buffer.baseAddress, &list, $0, $1) }
        }
        guard result.status == CVision_OK, let list else { throw .failed(reason: result.message) }
        defer { CVision_code_list_destroy(list) }
        return Self.symbols(list).codes
    }

    /// Regions of barcode-like stripes, largest first.
    public func stripes(in image: Image) throws(CodeError) -> [CodeCandidate] {
        var regions = [CVision_StripeRegion](repeating: CVision_StripeRegion(), count: Self.stripeCapacity)
        var count: Int32 = 0
        let result = regions.withUnsafeMutableBufferPointer { buffer in
            callShim { CVision_codes_find_stripes(image.handle, buffer.baseAddress, Int32(buffer.count), &count, $0, $1) }
        }
        guard result.status == CVision_OK else { throw .failed(reason: result.message) }
        return regions.prefix(Int(count)).map { region in
            CodeCandidate(origin: .stripes, box: Box(around: Self.points(region.corners)), transitions: Int(region.transitions))
        }
    }
}

/// Why codes could not be looked for (not that none were there).
public enum CodeError: WordedError, Sendable, Equatable {
    /// `reason` is OpenCV's or the shim's own text, for a developer; never said.
    case failed(reason: String)

    public var message: Message {
        switch self {
        case .failed: Message(.codeSearchFailed)
        }
    }
}
