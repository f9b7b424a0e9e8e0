// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `make test-sanitizers` picks its suites by name in the Makefile's `SANITIZED_TESTS`; a name
/// that is a file's rather than a suite's matches nothing, and those tests silently never run
/// under the sanitizers (EngineErrorTests and ImageFileTests did so).
@Suite struct SanitizedSuitesTests {
    @Test func everySanitizedNameIsASuite() throws {
        let makefile = try String(contentsOf: TestResources.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("SANITIZED_TESTS := ") })
        let names = line.dropFirst("SANITIZED_TESTS := ".count).split(separator: "|")
            .map { $0.replacingOccurrences(of: "\\.", with: ".").split(separator: ".").last.map(String.init) ?? "" }
        #expect(names.count >= 10)
        var suites: Set<String> = []
        let tests = TestResources.packageRoot.appendingPathComponent("Tests")
        let walker = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        for case let file as URL in walker where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("@Suite") {
                if let range = line.range(of: "struct ") {
                    suites.insert(String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber }))
                }
            }
        }
        for name in names {
            #expect(suites.contains(name), "SANITIZED_TESTS names \(name), which is no suite: its tests never run sanitized")
        }
    }
}
