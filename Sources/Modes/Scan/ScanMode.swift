// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

extension Mode {
    /// Scanning: barcodes and 2-D codes said in words, once each; guidance while one is only
    /// glimpsed; a product code followed by what the products database says of it.
    public static let scan = Mode(
        name: "scan", announcement: .modeScanning, group: .identifying, batches: true, takesStills: true,
        keys: [.describeNow], stillExample: "sensecam scan photo.jpg",
        makeStage: { settings, _, _ in
            CodeScanner(wording: settings.wording, products: productLookup(settings), revealSecrets: settings.scan.revealSecrets)
        })

    /// The products database's sentence for a product number, when a database is set; nil
    /// (codes said by number alone) otherwise. A database that cannot be opened or read never
    /// hides the code: its problem is the sentence said after the code's.
    static func productLookup(_ settings: SessionSettings) -> (@Sendable (String) -> String?)? {
        guard let path = settings.scan.productsDatabase else { return nil }
        let wording = settings.wording
        let database: ProductDatabase
        do {
            database = try ProductDatabase(path: path)
        } catch {
            let problem = wording(error.message)
            return { _ in problem }
        }
        let sentences = ProductSentence(wording: wording)
        return { code in
            // A failing read is not "not there": its problem is said, not absence asserted.
            do throws(ProductDatabaseError) {
                return try database.lookup(code).map(sentences.spoken) ?? sentences.notInDatabase
            } catch {
                return wording(error.message)
            }
        }
    }
}
