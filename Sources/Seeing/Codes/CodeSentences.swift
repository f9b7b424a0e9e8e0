// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// The sentences `scan` says about codes: what kind of code, then what it holds in words a
/// listener can take in ("QR code: a web link, example dot org slash menu.").
public struct CodeSentences: Sendable {
    public let wording: Wording

    public init(wording: Wording) {
        self.wording = wording
    }

    /// When nothing decodes: what could not be done and what to try, never that no code is there.
    public var noneRead: String { wording(.codeNoneRead) }

    /// Digit runs at least this long are said in groups: a synthesizer reads 4006381333931 as
    /// one huge number, and a listener cannot hold 13 digits without pauses.
    static let groupedRunLength = 7
    static let groupSize = 3

    /// One sentence for `code`. A Wi-Fi password is said only when `revealSecrets`.
    public func sentence(for code: ScannedCode, revealSecrets: Bool = false) -> String {
        let kind = MessageArgument.message(code.format.spokenName)
        switch CodeContent(code) {
        case .productNumber(let digits), .number(let digits):
            return wording(.codeNumber, ["kind": kind, "digits": .text(Self.grouped(digits))])
        case .webLink(let host, let path, let hasQuery):
            var address = spokenHost(host)
            for segment in path { address = wording(.codeAddressSlash, ["head": .text(address), "tail": .text(segment)]) }
            return wording(.codeWebLink, ["kind": kind, "address": .text(address), "query": .text(hasQuery ? "yes" : "no")])
        case .wifi(let network, let security, let password, let hidden):
            let secret: String = password == nil ? "none" : revealSecrets ? "said" : "withheld"
            return wording(.codeWifiNetwork, [
                "kind": kind, "named": .text(network.isEmpty ? "no" : "yes"), "network": .text(network),
                "security": .text(Self.securityKey(security)), "hidden": .text(hidden ? "yes" : "no"),
                "password": .text(secret), "secret": .text(password ?? ""),
            ])
        case .contact(let name, let phones, let emails):
            var details = name.map { wording(.codeContactName, ["name": .text($0)]) } ?? ""
            for phone in phones.prefix(2) { details += wording(.codeContactPhone, ["number": .text(Self.grouped(phone))]) }
            for email in emails.prefix(1) { details += wording(.codeContactEmail, ["address": .text(email)]) }
            return wording(.codeContact, ["kind": kind, "details": .text(details)])
        case .event(let summary, let start, let location):
            var details = summary.map { wording(.codeEventSummary, ["summary": .text($0)]) } ?? ""
            if let start { details += spoken(start) }
            if let location { details += wording(.codeEventLocation, ["location": .text(location)]) }
            return wording(.codeEvent, ["kind": kind, "details": .text(details)])
        case .email(let address):
            return wording(.codeEmail, ["kind": kind, "address": .text(address)])
        case .phone(let number):
            return wording(.codePhone, ["kind": kind, "number": .text(Self.grouped(number))])
        case .text(let text):
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return wording(.codeText, ["kind": kind, "text": .text(Self.grouped(lines.joined(separator: ", "))),
                                       "punctuated": .text(lines.last?.last?.isPunctuation == true ? "yes" : "no")])
        case .opaque(let characters):
            return wording(.codeOpaque, ["kind": kind, "count": .integer(characters)])
        }
    }

    /// The key `codeWifiNetwork` chooses its words about the network's security by.
    static func securityKey(_ security: CodeContent.WiFiSecurity) -> String {
        switch security {
        case .wpa: "wpa"
        case .wep: "wep"
        case .open: "open"
        case .unknown: "unknown"
        }
    }

    /// "example dot org": dots said, so the host is understood and not run together.
    func spokenHost(_ host: String) -> String {
        host.split(separator: ".").map(String.init).reduce(nil) { head, part -> String? in
            head.map { wording(.codeAddressDot, ["head": .text($0), "tail": .text(part)]) } ?? part
        } ?? ""
    }

    /// Runs of `groupedRunLength` digits or more split as phone numbers are said: the last four
    /// together, then threes towards the front ("4006381333931" → "400 638 133 3931",
    /// "12125658770" → "1 212 565 8770").
    static func grouped(_ text: String) -> String {
        var result = ""
        var run = ""
        func flush() {
            guard run.count >= groupedRunLength else { result += run; run = ""; return }
            var groups = [String(run.suffix(groupSize + 1))]
            var rest = Substring(run.dropLast(groupSize + 1))
            while !rest.isEmpty {
                groups.insert(String(rest.suffix(groupSize)), at: 0)
                rest = rest.dropLast(groupSize)
            }
            result += groups.joined(separator: " ")
            run = ""
        }
        for character in text {
            if character.isASCIIDigit { run.append(character) } else { flush(); result.append(character) }
        }
        flush()
        return result
    }

    /// ", on 1 December 2026 at 09:30" (with "UTC" when the code says so), after what came before.
    func spoken(_ time: CodeContent.EventTime) -> String {
        var arguments: [String: MessageArgument] = [
            "day": .integer(time.day), "month": .message(Message(.codeMonth, ["month": .integer(time.month)])),
            "year": .integer(time.year),
        ]
        guard let hour = time.hour, let minute = time.minute else { return wording(.codeEventDay, arguments) }
        arguments["hour"] = .text(Self.twoDigits(hour))
        arguments["minute"] = .text(Self.twoDigits(minute))
        arguments["utc"] = .text(time.isUTC ? "yes" : "no")
        return wording(.codeEventDayAndTime, arguments)
    }

    static func twoDigits(_ number: Int) -> String { (number < 10 ? "0" : "") + String(number) }
}
