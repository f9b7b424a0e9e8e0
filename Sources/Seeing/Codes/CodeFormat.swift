// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Words

/// The symbologies `scan` reads: the raw value is the name the JSON writes, `spokenName` the
/// words a listener hears.
public enum CodeFormat: String, Sendable, CaseIterable, Hashable {
    case ean8 = "EAN-8", ean13 = "EAN-13", upcA = "UPC-A", upcE = "UPC-E"
    case code128 = "Code 128", code39 = "Code 39", itf = "ITF"
    case qr = "QR", dataMatrix = "Data Matrix", pdf417 = "PDF417", aztec = "Aztec"

    /// Product numbers (GTINs): what a products database is keyed by.
    public var isProductCode: Bool { [.ean8, .ean13, .upcA, .upcE].contains(self) }

    /// Linear codes are bars; the others are 2-D symbols.
    public var isLinear: Bool { [.ean8, .ean13, .upcA, .upcE, .code128, .code39, .itf].contains(self) }

    /// "EAN-13 barcode", "QR code", "Data Matrix code".
    public var spokenName: MessageID {
        switch self {
        case .ean8: .codeFormatEan8
        case .ean13: .codeFormatEan13
        case .upcA: .codeFormatUpcA
        case .upcE: .codeFormatUpcE
        case .code128: .codeFormatCode128
        case .code39: .codeFormatCode39
        case .itf: .codeFormatItf
        case .qr: .codeFormatQr
        case .dataMatrix: .codeFormatDataMatrix
        case .pdf417: .codeFormatPdf417
        case .aztec: .codeFormatAztec
        }
    }

    init?(_ format: CVision_CodeFormat) {
        let table: [CVision_CodeFormat: CodeFormat] = [
            CVision_CodeEAN8: .ean8, CVision_CodeEAN13: .ean13, CVision_CodeUPCA: .upcA, CVision_CodeUPCE: .upcE,
            CVision_CodeCode128: .code128, CVision_CodeCode39: .code39, CVision_CodeITF: .itf, CVision_CodeQR: .qr,
            CVision_CodeDataMatrix: .dataMatrix, CVision_CodePDF417: .pdf417, CVision_CodeAztec: .aztec,
        ]
        guard let known = table[format] else { return nil }
        self = known
    }
}
