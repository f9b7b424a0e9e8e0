// SPDX-License-Identifier: GPL-3.0-or-later
import Catalogs

/// One language's messages, parsed and checked once: every template valid, and every id one
/// the code knows. Built from the PO files compiled into the binary (`Sources/Catalogs/`).
public struct Catalog: Sendable {
    /// The language code of the PO header ("en").
    public let language: String
    public let templates: [MessageID: MessageTemplate]

    /// A catalog the build holds that cannot be used: its language, the line and the reason.
    public struct LoadError: Error, Equatable, CustomStringConvertible {
        public var language: String
        public var line: Int
        public var reason: String
        public var description: String { "The \(language) catalog is broken at line \(line): \(reason)." }
    }

    /// The languages the build has catalogs for.
    public static var languages: [String] {
        (0..<Catalogs_count()).compactMap { Catalogs_language($0).map { String(cString: $0) } }
    }

    /// The PO file's entries as templates. An id no message has, or a template that does not
    /// parse, is a broken catalog: the tests load every one, so a build never ships one.
    public init(portableObject: PortableObject, language: String) throws(LoadError) {
        self.language = portableObject.header["Language"] ?? language
        var templates: [MessageID: MessageTemplate] = [:]
        for entry in portableObject.entries {
            guard let id = Self.ids[entry.id] else {
                throw LoadError(language: language, line: entry.line, reason: "no message has the id \(entry.id)")
            }
            do {
                templates[id] = try MessageTemplate(parsing: entry.text)
            } catch {
                throw LoadError(language: language, line: entry.line, reason: "\(entry.id): \(error)")
            }
        }
        self.templates = templates
    }

    /// Every id by its name: `MessageID(rawValue:)` would compare a name with each case in turn.
    private static let ids = Dictionary(uniqueKeysWithValues: MessageID.allCases.map { ($0.rawValue, $0) })

    /// The catalog compiled in for `language`; nil when the build has none.
    public static func embedded(_ language: String) throws(LoadError) -> Catalog? {
        var length = 0
        guard let bytes = language.withCString({ Catalogs_portable_object($0, &length) }) else { return nil }
        let object: PortableObject
        do {
            object = try PortableObject(parsing: UnsafeBufferPointer(start: bytes, count: length))
        } catch {
            throw LoadError(language: language, line: error.line, reason: error.reason)
        }
        return try Catalog(portableObject: object, language: language)
    }
}
