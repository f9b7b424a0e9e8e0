// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// Character error rate over a corpus: total edits divided by total reference characters.
///
/// Micro-averaged on purpose: a short page with a few errors must not weigh as much as a long
/// one. Both texts are compared as Unicode scalars after whitespace normalisation, so line
/// breaks and column gaps, which OCR engines lay out differently, do not count as errors.
public struct CharacterErrorRate: Sendable {
    /// Upper-cases both texts before comparing; receipt truth is transcribed in upper case.
    public var caseInsensitive: Bool
    /// Levenshtein edits summed over every pair added.
    public private(set) var edits = 0
    /// Unicode scalars in every normalised reference added.
    public private(set) var referenceLength = 0

    public init(caseInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
    }

    /// Adds one page (or receipt): what the reader produced and what the page says.
    public mutating func add(hypothesis: String, reference: String) {
        let hypothesisScalars = scalars(hypothesis)
        let referenceScalars = scalars(reference)
        edits += EditDistance.levenshtein(hypothesisScalars, referenceScalars)
        referenceLength += referenceScalars.count
    }

    /// `edits / referenceLength`: 0 is perfect, 1 means as many edits as reference characters
    /// (an empty hypothesis scores exactly 1). It can exceed 1 when the hypothesis adds more
    /// than the reference holds. With no reference characters it is 0 if nothing was
    /// hypothesised either, else 1.
    public var rate: Double {
        guard referenceLength > 0 else { return edits == 0 ? 0 : 1 }
        return Double(edits) / Double(referenceLength)
    }

    /// Splits on any run of whitespace, joins the words with single spaces and so trims both ends.
    public static func normalise(_ s: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: normalisedScalars(s).lazy.map { Unicode.Scalar($0)! })
        return String(view)
    }

    private func scalars(_ s: String) -> [UInt32] {
        Self.normalisedScalars(caseInsensitive ? s.uppercased() : s)
    }

    /// `normalise` as raw scalar values, the form the edit distance wants.
    private static func normalisedScalars(_ s: String) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(s.utf8.count)  // never fewer bytes than scalars
        var pendingSpace = false
        for scalar in s.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace {
                    result.append(0x20)
                    pendingSpace = false
                }
                result.append(scalar.value)
            }
        }
        return result
    }
}
