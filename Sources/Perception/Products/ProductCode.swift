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
