// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The README is a listener's way in and the guide is read by headings: the README stays short,
/// every relative link leads to a file and heading that exist, no heading has so many
/// subheadings that moving through them is slow, and a page for users names no test data a
/// user does not have.
@Suite struct DocumentationLinksTests {
    static let root = SensecamProcess.packageRoot

    /// README.md and every Markdown file under docs/, as paths inside the package.
    static var pages: [String] {
        get throws {
            var found = ["README.md"]
            let docs = root.appendingPathComponent("docs")
            guard let walker = FileManager.default.enumerator(atPath: docs.path) else { return found }
            while let path = walker.nextObject() as? String {
                if path.hasSuffix(".md") { found.append("docs/" + path) }
            }
            return found.sorted()
        }
    }

    static func text(_ page: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    }

    @Test func theReadmeIsAtMostTwoHundredLines() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        let count = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
        #expect(count <= 200, "README.md is \(count) lines; a listener's way in stays at most 200: move the rest to a page of docs/guide.")
    }

    @Test func everyRelativeLinkPointsAtAFileAndHeadingThatExist() throws {
        let pages = try Self.pages
        #expect(pages.contains("docs/guide/index.md"), "The guide has no table of contents, docs/guide/index.md.")
        var links = 0
        for page in pages {
            let problems = MarkdownLinks.brokenLinks(in: try Self.text(page), page: page, root: Self.root)
            links += MarkdownLinks.relativeLinks(in: try Self.text(page)).count
            #expect(problems.isEmpty, "\(page): \(problems.joined(separator: "; "))")
        }
        #expect(links >= 50, "Found only \(links) relative links in README.md and docs/; the links were not read.")
    }

    @Test func aBrokenLinkOrHeadingIsCaught() throws {
        let page = """
            # Title

            ## Speech, braille and profiles

            [fine](#speech-braille-and-profiles) and [fine too](../README.md#getting-sensecam)
            [no such file](nowhere.md), [no such heading](#speech), and
            `[in code](missing.md)` is not a link.

            ```
            [in a block](missing.md)
            ```
            """
        let problems = MarkdownLinks.brokenLinks(in: page, page: "docs/example.md", root: Self.root)
        #expect(problems.count == 2, "Expected the missing file and the missing heading, got \(problems).")
        #expect(MarkdownLinks.anchor("The guide's `d` key: 12 o'clock") == "the-guides-d-key-12-oclock")
    }

    @Test func noHeadingHasMoreThanTenSubheadings() throws {
        for page in try Self.pages {
            for (heading, count) in MarkdownLinks.subheadingCounts(in: try Self.text(page)) where count > 10 {
                Issue.record("\(page): '\(heading)' has \(count) subheadings at one level; group them under headings of their own.")
            }
        }
    }

    /// Only the developers' page may name the shared test data; a user has none of it.
    @Test func pagesForUsersNameNoTestDataAUserLacks() throws {
        for page in try Self.pages where page == "README.md" || page.hasPrefix("docs/guide/") {
            guard page != "docs/guide/developers.md" else { continue }
            #expect(!(try Self.text(page)).contains("../shared"), "\(page) names ../shared, which a user does not have; name the picture as the reader's own file.")
        }
    }
}

/// Links and headings of a Markdown page, outside code.
enum MarkdownLinks {
    /// The page with fenced blocks blanked, so what they show is not taken for headings.
    static func withoutBlocks(_ text: String) -> String {
        var inBlock = false
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inBlock.toggle()
                lines.append("")
            } else {
                lines.append(inBlock ? "" : line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The page with fenced blocks and inline code spans blanked, so what they show is not taken
    /// for links.
    static func prose(_ text: String) -> String {
        let code = try! NSRegularExpression(pattern: "`[^`\n]*`")
        let joined = withoutBlocks(text)
        return code.stringByReplacingMatches(in: joined, range: NSRange(joined.startIndex..., in: joined), withTemplate: "")
    }

    /// Every link target that is neither a web address nor mail.
    static func relativeLinks(in text: String) -> [String] {
        let body = prose(text)
        let link = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        return link.matches(in: body, range: NSRange(body.startIndex..., in: body)).compactMap { match in
            guard let range = Range(match.range(at: 1), in: body) else { return nil }
            let target = String(body[range])
            return target.contains("://") || target.hasPrefix("mailto:") ? nil : target
        }
    }

    /// What is wrong with each relative link of `text`, the page at `page` inside `root`.
    static func brokenLinks(in text: String, page: String, root: URL) -> [String] {
        let folder = root.appendingPathComponent(page).deletingLastPathComponent()
        var problems: [String] = []
        for target in relativeLinks(in: text) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0], fragment = parts.count > 1 ? parts[1] : nil
            // A link to a heading of the same page needs no file.
            let file = folder.appendingPathComponent(path).standardizedFileURL
            guard path.isEmpty || FileManager.default.fileExists(atPath: file.path) else {
                problems.append("\(target) leads to no file")
                continue
            }
            guard let fragment, path.isEmpty || file.pathExtension == "md" else { continue }
            let linked = path.isEmpty ? text : (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if !anchors(in: linked).contains(fragment) { problems.append("\(target) names no heading of \(path.isEmpty ? page : path)") }
        }
        return problems
    }

    /// The headings as (level, title).
    static func headings(in text: String) -> [(level: Int, title: String)] {
        withoutBlocks(text).components(separatedBy: "\n").compactMap { line in
            let hashes = line.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), line.dropFirst(hashes).hasPrefix(" ") else { return nil }
            return (hashes, line.dropFirst(hashes + 1).trimmingCharacters(in: .whitespaces))
        }
    }

    /// The anchors a Markdown renderer such as GitHub's gives the headings: lower case,
    /// punctuation dropped, spaces as hyphens, a repeated one numbered.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for heading in headings(in: text) {
            let base = anchor(heading.title)
            let times = seen[base, default: 0]
            result.insert(times == 0 ? base : "\(base)-\(times)")
            seen[base] = times + 1
        }
        return result
    }

    static func anchor(_ title: String) -> String {
        String(title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
            return nil
        })
    }

    /// For each heading (and the page itself, as ""), how many headings sit directly under it.
    static func subheadingCounts(in text: String) -> [(heading: String, count: Int)] {
        var counts: [(heading: String, count: Int)] = [("", 0)]
        var parents: [(level: Int, index: Int)] = [(0, 0)]
        for heading in headings(in: text) {
            while let last = parents.last, last.level >= heading.level { parents.removeLast() }
            counts[parents.last!.index].count += 1
            counts.append((heading.title, 0))
            parents.append((heading.level, counts.count - 1))
        }
        return counts
    }
}
