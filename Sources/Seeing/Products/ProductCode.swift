// SPDX-License-Identifier: GPL-3.0-or-later
/// Barcode digits in the one form the database stores, so a code finds its product however it
/// was printed or typed: a 12-digit UPC-A is the EAN-13 with a leading zero (GS1 writes both
/// as the same 14-digit GTIN), a 14-digit GTIN starting with 0 is that EAN-13, and an EAN-8
/// stays 8 digits. Other lengths (Open Food Facts holds shops' own short codes) stay as they are.
public enum ProductCode {
    /// Longer is not a barcode any scanner reads (GTIN-14 is the longest GS1 code; Open Food
    /// Facts holds a few longer in-store codes, well under this).
    static let maximumDigits = 24

    /// The stored form of `text` (spaces removed), or nil when it is not all digits.
    public static func normalized(_ text: some StringProtocol) -> String? {
        let digits = String(text.filter { $0 != " " })
        guard !digits.isEmpty, digits.count <= maximumDigits,
              digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        switch digits.count {
        case 12: return "0" + digits
        case 14 where digits.first == "0": return String(digits.dropFirst())
        default: return String(digits)
        }
    }
}

extension ProductCode {
    /// Why typed digits cannot be a product barcode.
    public enum Mistake: Sendable, Equatable {
        case notDigits
        /// Not 8 (EAN-8, UPC-E), 12 (UPC-A), 13 (EAN-13) or 14 (GTIN-14) digits.
        case length(Int)
        /// The last digit is not the GS1 check digit of the others: one was mistyped.
        case checkDigit
    }

    /// The lengths of the product barcodes scanners read.
    static let barcodeLengths: Set<Int> = [8, 12, 13, 14]

    /// What a typed barcode (spaces allowed) is wrong in, or nil when it is one a scanner could
    /// have read: the database also holds shops' own short codes, but a person typing a code
    /// copies it from a printed barcode, and a slip there should be said, not looked up.
    public static func mistake(in text: some StringProtocol) -> Mistake? {
        guard normalized(text) != nil else { return .notDigits }
        let digits = text.filter { $0 != " " }.compactMap(\.wholeNumberValue)
        guard barcodeLengths.contains(digits.count) else { return .length(digits.count) }
        if hasCheckDigit(digits) { return nil }
        // Eight digits may also be a UPC-E, whose check digit is its UPC-A's.
        if digits.count == 8, let upcA = expandedUPCE(digits), hasCheckDigit(upcA) { return nil }
        return .checkDigit
    }

    /// GS1's check: from the right, the digits before the check digit are weighted 3, 1, 3, …
    static func hasCheckDigit(_ digits: [Int]) -> Bool {
        guard let check = digits.last else { return false }
        let sum = digits.dropLast().reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == check
    }

    /// The 12 digits of the UPC-A a UPC-E (number system 0 or 1) stands for, or nil.
    static func expandedUPCE(_ digits: [Int]) -> [Int]? {
        guard digits.count == 8, digits[0] <= 1 else { return nil }
        let (system, d, check) = (digits[0], Array(digits[1...6]), digits[7])
        let body: [Int] = switch d[5] {
        case 0...2: [d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: [d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: [d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: [d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
        return [system] + body + [check]
    }
}
