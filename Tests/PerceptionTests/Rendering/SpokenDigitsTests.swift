// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Seeing
@testable import Words
@testable import Narration
@testable import Stages
@testable import Rendering

/// Codes, phone numbers and other digit strings are said digit by digit; amounts, times,
/// dates and decimals as the voice reads them.
@Suite struct SpokenDigitsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var language: String
        var spoken: String
        var testDescription: String { "\(language): \(text)" }
        init(_ text: String, _ language: String, _ spoken: String? = nil) {
            self.text = text
            self.language = language
            self.spoken = spoken ?? text
        }
    }

    static let cases: [Case] = [
        // Codes as the scanner prints them, in their printed groups.
        Case("EAN-13 barcode 841 300 006 5504.", "en", "EAN-13 barcode 8 4 1, 3 0 0, 0 0 6, 5 5 0 4."),
        Case("EAN-13-Strichcode 841 300 006 5504.", "de", "EAN-13-Strichcode 8 4 1, 3 0 0, 0 0 6, 5 5 0 4."),
        Case("UPC-A-Strichcode 03 660 230 1467.", "de", "UPC-A-Strichcode 0 3, 6 6 0, 2 3 0, 1 4 6 7."),
        Case("Code-barres EAN-8 : 9638 5074.", "fr", "Code-barres EAN-8 : 9 6 3 8, 5 0 7 4."),
        // One long run, said in threes.
        Case("Code 4006381333931 is not in the products database.", "en",
             "Code 4 0 0, 6 3 8, 1 3 3, 3 9 3 1 is not in the products database."),
        Case("12345", "es", "1 2 3, 4 5"),
        // Phone numbers and other numbers no amount starts with.
        Case("Tel. +49 30 1234567", "de", "Tel. +4 9, 3 0, 1 2 3, 4 5 6 7"),
        Case("Appelez le 01 23 45 67 89.", "fr", "Appelez le 0 1, 2 3, 4 5, 6 7, 8 9."),
        Case("Agent 007", "en", "Agent 0 0 7"),
        Case("ISBN 978-3-16-148410-0", "en", "ISBN 9 7 8, 3, 1 6, 1 4 8, 4 1 0, 0"),
        // Amounts stay amounts, in each language's grouping.
        Case("Total 1,234.56 dollars", "en"), Case("Summe 1.234,56 Euro", "de"), Case("2 350 habitants", "fr"),
        Case("Total 12.345,00 €", "es"), Case("in 2024", "en"), Case("5504 steps", "en"),
        // Times, dates, decimals, lists and names with digits.
        Case("Open 9:30 to 17:45", "en"), Case("am 21.12.2024", "de"), Case("on 12/21/2024", "en"), Case("2024-12-21", "fr"),
        Case("about 2.5 metres", "en"), Case("etwa 2,5 Meter", "de"), Case("0.75 litres", "en"), Case("0,75 l", "fr"),
        Case("lines 1, 2 and 3", "en"), Case("MP3, A4 and H264", "en"), Case("12 ounces", "en"), Case("400 g", "fr"),
    ]

    @Test(arguments: cases)
    func saidAsAPersonReadsIt(_ example: Case) {
        #expect(SpokenDigits.spoken(example.text, language: example.language) == example.spoken)
    }

    /// What a voice is given is the sentence as printed, then digits said one by one: symbols are
    /// spelled first, and braille (`spelledOut`) keeps the digits whole.
    @Test func theVoiceGetsDigitsAndBrailleDoesNot() {
        let spoken = SpokenText(wording: .english)
        #expect(spoken.forVoice("EAN-13 barcode 841 300 006 5504, 40% off.", language: "en")
                == "EAN-13 barcode 8 4 1, 3 0 0, 0 0 6, 5 5 0 4, 40 percent off.")
        #expect(spoken.spelledOut("EAN-13 barcode 841 300 006 5504.") == "EAN-13 barcode 841 300 006 5504.")
    }
}
