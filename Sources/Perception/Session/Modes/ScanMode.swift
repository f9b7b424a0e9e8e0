// SPDX-License-Identifier: GPL-3.0-or-later
extension Mode {
    /// Scanning: barcodes and 2-D codes said in words, once each; guidance while one is only
    /// glimpsed; a product code followed by what the products database says of it.
    public static let scan = Mode(
        name: "scan", announcement: .modeScanning, group: .identifying, standsInFor: nil, batches: true, takesStills: true,
        note: { _ in nil },
        makeStage: { settings, _ in
            CodeScanner(wording: settings.wording, products: try productLookup(settings), revealSecrets: settings.scan.revealSecrets)
        })

    /// The products database's sentence for a product number, when a database is set; nil
    /// (codes said by number alone) otherwise. A database that cannot be opened is an error.
    static func productLookup(_ settings: SessionSettings) throws -> (@Sendable (String) -> String?)? {
        guard let path = settings.scan.productsDatabase else { return nil }
        let database = try ProductDatabase(path: path)
        let sentences = ProductSentence(wording: settings.wording)
        return { code in
            // A failing read is not "not there": then nothing is said rather than absence asserted.
            do {
                return try database.lookup(code).map(sentences.spoken) ?? sentences.notInDatabase
            } catch {
                return nil
            }
        }
    }
}
