// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The Makefile and .ci/run pick tests by name with `swift test --filter`; a name that is a
/// file's rather than a suite's, or a test renamed since, matches nothing, and those tests
/// silently never run (EngineErrorTests and ImageFileTests did so under the sanitizers).
@Suite struct TestFilterNamesTests {
    /// Every name in a `--filter` of `file` (variables such as `$(SANITIZED_TESTS)` resolved from
    /// the file's `NAME := value` lines), with regex escapes and module prefixes taken off:
    /// `PerceptionTests\.CameraTests` is `CameraTests`.
    static func filterNames(in file: String) throws -> [(filter: Int, name: String)] {
        let text = try String(contentsOf: TestResources.packageRoot.appendingPathComponent(file), encoding: .utf8)
            .replacingOccurrences(of: "\\\n", with: " ")
        var variables: [String: String] = [:]
        for line in text.split(separator: "\n") {
            if let range = line.range(of: " := ") {
                variables[String(line[..<range.lowerBound])] = String(line[range.upperBound...])
            }
        }
        var names: [(Int, String)] = []
        var filter = 0
        var rest = Substring(text)
        while let range = rest.range(of: "--filter ") {
            filter += 1
            rest = rest[range.upperBound...]
            var argument = rest.hasPrefix("\"") ? rest.dropFirst().prefix { $0 != "\"" } : rest.prefix { !$0.isWhitespace }
            if argument.hasPrefix("$("), argument.hasSuffix(")") {
                let variable = String(argument.dropFirst(2).dropLast())
                argument = Substring(try #require(variables[variable], "\(file) filters by $(\(variable)), which it does not set"))
            }
            for pattern in argument.split(separator: "|") {
                let name = pattern.replacingOccurrences(of: "\\.", with: ".").split(separator: ".").last.map(String.init) ?? ""
                names.append((filter, name.trimmingCharacters(in: CharacterSet(charactersIn: "^$"))))
            }
        }
        return names
    }

    /// The names `--filter` can match: every top-level type of a test file that has tests (a
    /// suite, with or without `@Suite`), every nested type marked `@Suite`, and every test function.
    static func suitesAndTests() throws -> Set<String> {
        let declaration = try NSRegularExpression(
            pattern: #"^(?:@Suite[^\n]*?\s+)?(?:final\s+)?(?:struct|class|enum|extension)\s+(\w+)|^[ \t]+@Suite[^\n]*?\s+(?:final\s+)?(?:struct|class|enum)\s+(\w+)"#,
            options: [.anchorsMatchLines])
        let test = try NSRegularExpression(pattern: #"@Test\b[^{]*?\bfunc\s+(\w+)"#, options: [.dotMatchesLineSeparators])
        var names: Set<String> = []
        let tests = TestResources.packageRoot.appendingPathComponent("Tests")
        let walker = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        for case let file as URL in walker where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard text.contains("@Test") else { continue }
            let whole = NSRange(text.startIndex..., in: text)
            for expression in [declaration, test] {
                for match in expression.matches(in: text, range: whole) {
                    for group in 1..<match.numberOfRanges {
                        if let range = Range(match.range(at: group), in: text) { names.insert(String(text[range])) }
                    }
                }
            }
        }
        return names
    }

    @Test func everyFilteredNameIsASuiteOrATest() throws {
        let known = try Self.suitesAndTests()
        #expect(known.contains("TestFilterNamesTests") && known.contains("everyFilteredNameIsASuiteOrATest"))
        var checked = 0
        for file in ["Makefile", ".ci/run"] {
            for (filter, name) in try Self.filterNames(in: file) {
                checked += 1
                // Or the ending several suites share, as `make accuracy` picks every ...AcceptanceTests.
                let ending = name.hasSuffix("Tests") && known.filter { $0.hasSuffix(name) && $0 != name }.count >= 2
                #expect(known.contains(name) || ending, "\(file)'s filter \(filter) names '\(name)', which is no suite or test: it runs nothing")
            }
        }
        // The sanitizer list alone holds 17 names; fewer means the reading above broke.
        #expect(checked >= 20, "read only \(checked) filter names")
    }

    @Test func theSanitizerListIsRead() throws {
        let names = try Self.filterNames(in: "Makefile").map(\.name)
        #expect(names.contains("ModelErrorTests") && names.contains("CameraTests") && names.contains("FuzzRegressionTests"))
        #expect(!names.contains("SANITIZED_TESTS"))
        #expect(names.contains("AcceptanceTests"), "make accuracy picks every acceptance suite by its ending")
    }
}
