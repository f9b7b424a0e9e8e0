// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Glibc
import Testing

/// `sensecam scan` as the built binary: what it says about the shared photos' codes, its JSON,
/// a picture with no code, bad input, a product found in the products database, and
/// `batch --mode scan`.
@Suite struct ScanCommandTests {
    static func photo(_ name: String) throws -> String { try SharedTestData.path("barcode/\(name)") }

    @Test func saysWhatAQRCodeAndABarcodeHold() throws {
        let link = try SensecamProcess.run(["scan", try Self.photo("qr_code__qrcode-4_48.png")])
        #expect(link.status == 0, "\(link)")
        #expect(link.stdoutLines == ["QR code: a web link, code dot google dot com slash p slash zxing."], "\(link)")
        let product = try SensecamProcess.run(["scan", try Self.photo("ean_13__ean13-1_25.png")])
        #expect(product.stdoutLines == ["EAN-13 barcode 978 014 001 3993."], "\(product)")
        let contact = try SensecamProcess.run(["scan", try Self.photo("qr_code__qrcode-3_33.png")])
        #expect(contact.stdoutLines == ["QR code: a contact, Sean Owen, phone +1 212 565 8770, email srowen@google.com."], "\(contact)")
    }

    @Test func jsonHasEveryCodeWithFormatTextAndBox() throws {
        let run = try SensecamProcess.run(["scan", "--json", try Self.photo("upc_a__upca-1_28.png")])
        #expect(run.status == 0, "\(run)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let codes = try #require(record["codes"] as? [[String: Any]])
        #expect(codes.count == 1)
        #expect(codes.first?["format"] as? String == "UPC-A")
        #expect(codes.first?["text"] as? String == "061869053712")
        let box = try #require(codes.first?["box"] as? [Double])
        #expect(box.count == 4 && box[2] > 100 && box[3] > 20, "a barcode's box is its bars: \(box)")
        #expect((codes.first?["corners"] as? [Double])?.count == 8)
    }

    @Test func aPictureWithNoCodeSaysWhatCouldNotBeDoneNotThatNoneIsThere() throws {
        let run = try SensecamProcess.run(["scan", SensecamProcess.packageRoot.appendingPathComponent("samples/welcome-page.png").path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == ["No code recognised; hold the code closer or turn it."], "\(run)")
    }

    @Test func badInputIsOneSentenceWithTheUsualStatus() throws {
        let missing = try SensecamProcess.run(["scan", "/nonexistent/code.png"])
        #expect(missing.status == 1)
        #expect(missing.stderrLines.count == 1 && missing.stderrLines[0].contains("does not exist"), "\(missing)")
        let option = try SensecamProcess.run(["scan", "--show-pasword", try Self.photo("qr_code__qrcode-4_48.png")])
        #expect(option.status == 64, "\(option)")
        // A database named but missing does not hide the code either: its sentence follows the code's.
        let database = try SensecamProcess.run(["scan", "--products-db", "/nonexistent/products.sqlite", try Self.photo("ean_13__ean13-1_25.png")])
        #expect(database.stdoutLines.count == 2 && database.stdoutLines[0] == "EAN-13 barcode 978 014 001 3993.", "\(database)")
        #expect(database.stdoutLines.last?.contains("products import") == true, "\(database)")
        let help = try SensecamProcess.run(["scan", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Data Matrix") && help.stdout.contains("--products-db"), "\(help)")
    }

    /// The products database's word follows the code's own sentence, hedged.
    @Test func aProductCodeIsLookedUpInTheProductsDatabase() throws {
        try withTemporaryFolder { folder in
            let export = folder.appendingPathComponent("products.csv").path
            try OpenFoodFactsFixture.write(.tabSeparated, to: export, generated: 10)
            let database = folder.appendingPathComponent("products.sqlite").path
            let imported = try SensecamProcess.run(["products", "import", export, "--products-db", database])
            #expect(imported.status == 0, "\(imported)")
            // upca-1_2 holds 036602301467, the fixture's peanut butter.
            let found = try SensecamProcess.run(["scan", "--products-db", database, try Self.photo("upc_a__upca-1_2.png")])
            #expect(found.status == 0, "\(found)")
            #expect(found.stdoutLines.count == 2, "\(found)")
            #expect(found.stdoutLines.last?.hasPrefix("Probably: Acme, Crunchy peanut butter") == true, "\(found)")
            let other = try SensecamProcess.run(["scan", "--products-db", database, try Self.photo("ean_13__ean13-1_25.png")])
            #expect(other.stdoutLines == ["EAN-13 barcode 978 014 001 3993.", "Not in the products database."], "\(other)")
            // The default database, when one exists under the user's data folder, is used too.
            let data = folder.appendingPathComponent("data/sensecam")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: database, toPath: data.appendingPathComponent("products.sqlite").path)
            let byDefault = try SensecamProcess.run(["scan", try Self.photo("upc_a__upca-1_2.png")],
                                                    environment: ["XDG_DATA_HOME": folder.appendingPathComponent("data").path])
            #expect(byDefault.stdoutLines.last?.hasPrefix("Probably: Acme, Crunchy peanut butter") == true, "\(byDefault)")
        }
    }

    @Test func batchWritesARecordPerImageWithEveryCode() throws {
        try withTemporaryFolder { folder in
            for name in ["qr_code__qrcode-4_25.png", "code_128__code128-2_20.png"] {
                try FileManager.default.copyItem(atPath: try Self.photo(name), toPath: folder.appendingPathComponent(name).path)
            }
            try Data("not a picture".utf8).write(to: folder.appendingPathComponent("broken.png"))
            let out = folder.appendingPathComponent("codes.jsonl").path
            let run = try SensecamProcess.run(["batch", folder.path, "--mode", "scan", "--out", out, "--progress", "none"])
            #expect(run.status != 64, "\(run)")
            let records = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").compactMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let texts = records.flatMap { ($0["codes"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String } }
            #expect(Set(texts) == ["http://code.google.com", "FW727"], "\(records)")
            #expect(records.contains { ($0["source"] as? String)?.hasSuffix("broken.png") == true && $0["error"] != nil }, "\(records)")
        }
    }

    /// A damaged database, or a pipe in its place, never hides the code read: the code's
    /// sentence, then the database's problem in one sentence (issue 41).
    @Test func aDamagedProductsDatabaseDoesNotHideTheCode() throws {
        try withTemporaryFolder { folder in
            let export = folder.appendingPathComponent("products.csv").path
            try OpenFoodFactsFixture.write(.tabSeparated, to: export, generated: 3000)
            let database = folder.appendingPathComponent("products.sqlite").path
            #expect(try SensecamProcess.run(["products", "import", export, "--products-db", database]).status == 0)
            // Pages past the first overwritten: SQLite finds the file malformed.
            let handle = try #require(FileHandle(forUpdatingAtPath: database))
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
            try handle.close()
            for file in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + file) }
            let pipe = folder.appendingPathComponent("pipe.sqlite").path
            #expect(mkfifo(pipe, 0o600) == 0)
            let code = "UPC-A barcode 0 36602 30146 7."
            for (path, problem) in [(database, "is damaged"), (pipe, "is not a sensecam products database")] {
                let run = try SensecamProcess.run(["scan", "--products-db", path, try Self.photo("upc_a__upca-1_2.png")])
                #expect(run.stdoutLines.count == 2, "\(run)")
                #expect(run.stdoutLines.first?.hasPrefix("UPC-A barcode") == true, "\(run)")
                #expect(run.stdoutLines.last?.contains(problem) == true, "\(run)")
                _ = code
            }
        }
    }

    /// Resuming an output written in another mode would keep its records as if done, and
    /// write nothing: refused in one sentence, the file left as it was (issue 41).
    @Test func resumeInAnotherModeIsRefused() throws {
        try withTemporaryFolder { folder in
            let inputs = folder.appendingPathComponent("in")
            try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
            let image = inputs.appendingPathComponent("qr_code__qrcode-4_25.png").path
            try FileManager.default.copyItem(atPath: try Self.photo("qr_code__qrcode-4_25.png"), toPath: image)
            let out = folder.appendingPathComponent("records.jsonl").path
            // What `batch --mode aware` writes for it.
            let aware = #"{"source":"\#(image)","width":400,"height":400,"detections":[],"captions":[]}"# + "\n"
            try Data(aware.utf8).write(to: URL(fileURLWithPath: out))
            let run = try SensecamProcess.run(["batch", inputs.path, "--mode", "scan", "--out", out, "--resume", "--progress", "none"])
            #expect(run.status == 64, "\(run)")
            #expect(run.stderrLines.count == 1 && run.stderrLines[0].contains("holds records of 'batch --mode aware'"), "\(run)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == aware)
            // The same mode resumes as before.
            let same = try SensecamProcess.run(["batch", inputs.path, "--mode", "aware", "--out", out, "--resume", "--progress", "none"])
            #expect(same.status == 0, "\(same)")
        }
    }
}
