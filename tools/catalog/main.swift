// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

// `make catalog`: writes the Swift message ids and the translators' template from en.po.
// Usage: sensecam-catalog EN_PO MESSAGE_ID_SWIFT TEMPLATE_POT
// Only files whose contents change are written, so an unchanged catalog rebuilds nothing.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("Usage: sensecam-catalog EN_PO MESSAGE_ID_SWIFT TEMPLATE_POT\n".utf8))
    exit(64)
}
let (poPath, swiftPath, templatePath) = (arguments[1], arguments[2], arguments[3])

func fail(_ sentence: String) -> Never {
    FileHandle.standardError.write(Data("sensecam-catalog: \(sentence)\n".utf8))
    exit(1)
}

let catalog: EnglishCatalog
do {
    catalog = try EnglishCatalog(parsing: String(contentsOfFile: poPath, encoding: .utf8))
} catch {
    fail("\(error)")
}
let uncommented = catalog.uncommented
guard uncommented.isEmpty else {
    fail("write a comment above each message saying what it is for and when it is heard: "
        + uncommented.map { "\($0.id) (line \($0.line))" }.joined(separator: ", "))
}
let poName = "Sources/Catalogs/" + URL(fileURLWithPath: poPath).lastPathComponent
for (path, text) in [(swiftPath, MessageIDSource.render(catalog, from: poName)),
                     (templatePath, TranslationTemplate.render(catalog, from: poName))] {
    if (try? String(contentsOfFile: path, encoding: .utf8)) == text { continue }
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        print("Wrote \(path)")
    } catch {
        fail("cannot write \(path): \(error)")
    }
}
