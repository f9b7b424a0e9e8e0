// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a code's text means, so it can be said the way a person would say it: a web link by
/// its address, a Wi-Fi code by its network, a contact by name and phone. Parsed from the
/// conventions phones' camera apps read (ZXing's "result parsers" follow the same ones):
/// MECARD, vCard, MEBKM bookmarks, WIFI:, iCalendar events, mailto: and tel: links.
public enum CodeContent: Sendable, Equatable {
    /// The GTIN of an EAN or UPC code.
    case productNumber(String)
    /// Digits only, in any other symbology.
    case number(String)
    case webLink(host: String, path: [String], hasQuery: Bool)
    case wifi(network: String, security: WiFiSecurity, password: String?, hidden: Bool)
    case contact(name: String?, phones: [String], emails: [String])
    case event(summary: String?, start: EventTime?, location: String?)
    case email(String)
    case phone(String)
    case text(String)
    /// Not text a person could use: mostly control or unprintable characters.
    case opaque(characters: Int)

    public enum WiFiSecurity: String, Sendable, Equatable {
        case wpa = "WPA", wep = "WEP", open, unknown
    }

    /// An iCalendar date, with a time of day when it has one (floating or UTC, as written).
    public struct EventTime: Sendable, Equatable {
        public var year: Int, month: Int, day: Int
        public var hour: Int?, minute: Int?
        public var isUTC: Bool
    }

    public init(_ code: ScannedCode) {
        self = Self.parse(code.text, format: code.format)
    }

    static func parse(_ raw: String, format: CodeFormat) -> CodeContent {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if format.isProductCode, text.allSatisfy(\.isASCIIDigit) { return .productNumber(text) }
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) { return .number(text) }
        let upper = text.uppercased()
        if upper.hasPrefix("WIFI:") { return wifi(String(text.dropFirst(5))) }
        if upper.hasPrefix("MECARD:") { return mecard(String(text.dropFirst(7))) }
        if upper.hasPrefix("MEBKM:") {
            let fields = Self.fields(String(text.dropFirst(6)))
            if let url = fields["URL"]?.first, let link = webLink(url) { return link }
        }
        if upper.hasPrefix("BEGIN:VCARD") { return vcard(text) }
        if upper.hasPrefix("BEGIN:VEVENT") || upper.hasPrefix("BEGIN:VCALENDAR") { return event(text) }
        if upper.hasPrefix("MAILTO:") {
            let address = text.dropFirst(7).split(separator: "?").first.map(String.init) ?? ""
            return .email(address.removingPercentEncoding ?? address)
        }
        if upper.hasPrefix("TEL:") { return .phone(String(text.dropFirst(4))) }
        if !text.contains(where: \.isWhitespace), let link = webLink(text) { return link }
        let printable = text.unicodeScalars.filter { !$0.properties.isNoncharacterCodePoint && ($0.value >= 0x20 || $0 == "\n" || $0 == "\t") }
        // More than a tenth unprintable: bytes for a machine, not words for a person.
        if text.isEmpty || printable.count * 10 < text.unicodeScalars.count * 9 { return .opaque(characters: raw.count) }
        return .text(text)
    }

    /// `http(s)://…` or `www.…`, split into the host (without "www.") and the path's segments.
    static func webLink(_ text: String) -> CodeContent? {
        let lower = text.lowercased()
        let spelled = lower.hasPrefix("www.") ? "http://" + text : text
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("www."),
              let components = URLComponents(string: spelled), var host = components.host, !host.isEmpty else { return nil }
        if host.lowercased().hasPrefix("www.") { host.removeFirst(4) }
        let path = components.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        return .webLink(host: host.lowercased(), path: path, hasQuery: components.query?.isEmpty == false)
    }

    /// `KEY:value;KEY:value;;` with `\` escaping `;`, `:`, `,` and `\` (MECARD, MEBKM, WIFI).
    static func fields(_ body: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var field = ""
        var escaped = false
        func finish() {
            if let colon = field.firstIndex(of: ":") {
                let key = field[..<colon].uppercased()
                result[key, default: []].append(String(field[field.index(after: colon)...]))
            }
            field = ""
        }
        for character in body {
            if escaped { field.append(character); escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case ";": finish()
            default: field.append(character)
            }
        }
        finish()
        return result
    }

    static func wifi(_ body: String) -> CodeContent {
        let fields = Self.fields(body)
        let security: WiFiSecurity = switch fields["T"]?.first?.uppercased() {
        case "WPA", "WPA2", "WPA3", "SAE": .wpa
        case "WEP": .wep
        case "NOPASS", "", nil: fields["P"]?.first?.isEmpty == false ? .unknown : .open
        default: .unknown
        }
        let password = fields["P"]?.first.flatMap { $0.isEmpty ? nil : $0 }
        return .wifi(network: fields["S"]?.first ?? "", security: security, password: password,
                     hidden: fields["H"]?.first?.lowercased() == "true")
    }

    static func mecard(_ body: String) -> CodeContent {
        let fields = Self.fields(body)
        // MECARD writes "Last,First".
        let name = fields["N"]?.first.map { raw -> String in
            let parts = raw.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 ? "\(parts[1]) \(parts[0])" : raw
        }
        return .contact(name: name, phones: fields["TEL"] ?? [], emails: fields["EMAIL"] ?? [])
    }

    /// Unfolded content lines of a vCard or iCalendar object: (property name, value).
    static func contentLines(_ text: String) -> [(String, String)] {
        var unfolded: [String] = []
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first == " " || first == "\t", !unfolded.isEmpty {
                unfolded[unfolded.count - 1] += line.dropFirst()
            } else {
                unfolded.append(String(line))
            }
        }
        return unfolded.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            // "TEL;TYPE=cell:…": the name is before any parameters.
            let name = line[..<colon].split(separator: ";").first.map { $0.uppercased() } ?? ""
            let value = String(line[line.index(after: colon)...])
                .replacingOccurrences(of: "\\n", with: " ").replacingOccurrences(of: "\\,", with: ",")
                .replacingOccurrences(of: "\\;", with: ";")
            return (name, value)
        }
    }

    static func vcard(_ text: String) -> CodeContent {
        let lines = contentLines(text)
        var name = lines.first { $0.0 == "FN" }?.1
        if name == nil, let structured = lines.first(where: { $0.0 == "N" })?.1 {
            let parts = structured.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            name = [parts.count > 1 ? parts[1] : "", parts[0]].filter { !$0.isEmpty }.joined(separator: " ")
        }
        return .contact(name: name, phones: lines.filter { $0.0 == "TEL" }.map(\.1),
                        emails: lines.filter { $0.0 == "EMAIL" }.map(\.1))
    }

    static func event(_ text: String) -> CodeContent {
        let lines = contentLines(text)
        let start = lines.first { $0.0 == "DTSTART" }.flatMap { eventTime($0.1) }
        return .event(summary: lines.first { $0.0 == "SUMMARY" }?.1, start: start, location: lines.first { $0.0 == "LOCATION" }?.1)
    }

    /// `20261201` or `20261201T093000` (with `Z` for UTC).
    static func eventTime(_ value: String) -> EventTime? {
        let digits = Array(value)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            return Int(String(digits[range]))
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var time = EventTime(year: year, month: month, day: day, hour: nil, minute: nil, isUTC: value.hasSuffix("Z"))
        if digits.count >= 13, digits[8] == "T", let hour = number(9..<11), let minute = number(11..<13),
           hour < 24, minute < 60 {
            time.hour = hour
            time.minute = minute
        }
        return time
    }
}

extension Character {
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
