// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages
@testable import Rendering

/// Every code on the shared barcode photos, said in each language through that language's real
/// espeak-ng voice: its phonemes (`espeak-ng -q -x -v LANG`) hold no "thousand", "million" or
/// "billion" — the code is said digit by digit. Before, espeak-ng read "841 300 006 5504" as
/// "achthunderteinundvierzig Millionen …" in German and "treize milliards …" in French.
@Suite(.needsTestData("barcode")) struct SpokenCodesAcceptanceTests {
    /// The words a voice says an amount with, each language's.
    static let amountWords: [Language: [String]] = [
        .english: ["thousand", "million", "billion"], .german: ["tausend", "Million", "Milliarde"],
        .french: ["mille", "million", "milliard"], .spanish: ["mil", "millón", "millones"],
    ]

    /// espeak-ng's phonemes for `text` in `language`'s voice, stress and pause marks left out.
    static func phonemes(_ text: String, _ language: Language) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-q", "-x", "-v", language.code, text]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).filter { $0.isLetter || $0 == " " || $0 == "\n" }
    }

    @Test(arguments: Language.allCases)
    func everyCodeIsSaidDigitByDigit(language: Language) throws {
        let folder = try TestResources.file("barcode")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        let reader = CodeReader()
        let sentences = CodeSentences(wording: language.wording), spoken = SpokenText(wording: language.wording)
        let bigWords = try Self.amountWords[language, default: []].map { try Self.phonemes($0, language).trimmingCharacters(in: .whitespacesAndNewlines) }
        var readings = 0, amountsBefore = 0
        var amounts: [String] = []
        for photo in photos {
            for code in try reader.scan(ImageFile.load(folder.appendingPathComponent(photo).path), effort: .still, candidates: false).codes
            where code.text.allSatisfy(\.isNumber) {
                readings += 1
                let sentence = sentences.sentence(for: code)
                let voiced = spoken.forVoice(sentence, language: language.code)
                if try bigWords.contains(where: try Self.phonemes(spoken.spelledOut(sentence), language).contains) { amountsBefore += 1 }
                let heard = try Self.phonemes(voiced, language)
                if bigWords.contains(where: heard.contains) { amounts.append("\(photo): \(voiced) → \(heard)") }
            }
        }
        print("Codes said in \(language.code): \(readings) readings of digits; as amounts without digit by digit: \(amountsBefore); now: \(amounts.count)")
        #expect(readings >= 20, "only \(readings) codes of digits read from the shared photos")
        #expect(amounts.isEmpty, "said as amounts:\n\(amounts.joined(separator: "\n"))")
    }
}
