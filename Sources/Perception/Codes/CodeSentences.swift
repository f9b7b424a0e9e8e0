/// The sentences `scan` says about codes: what kind of code, then what it holds in words a
/// listener can take in ("QR code: a web link, example dot org slash menu.").
public enum CodeSentences {
    /// When nothing decodes: what could not be done and what to try, never that no code is there.
    public static let noneRead = "No code recognised; hold the code closer or turn it."

    /// Digit runs at least this long are said in groups: a synthesizer reads 4006381333931 as
    /// one huge number, and a listener cannot hold 13 digits without pauses.
    static let groupedRunLength = 7
    static let groupSize = 3

    /// One sentence for `code`. A Wi-Fi password is said only when `revealSecrets`.
    public static func sentence(for code: ScannedCode, revealSecrets: Bool = false) -> String {
        let kind = code.format.spokenName
        switch CodeContent(code) {
        case .productNumber(let digits), .number(let digits):
            return "\(kind) \(grouped(digits))."
        case .webLink(let host, let path, let hasQuery):
            var address = spokenHost(host)
            for segment in path { address += " slash " + segment }
            return "\(kind): a web link, \(address)\(hasQuery ? ", with more after it" : "")."
        case .wifi(let network, let security, let password, let hidden):
            var sentence = "\(kind): Wi-Fi network \(network.isEmpty ? "with no name" : network)"
            switch security {
            case .wpa, .wep: sentence += ", \(security.rawValue) security"
            case .open: sentence += ", open, no password"
            case .unknown: break
            }
            if hidden { sentence += ", hidden" }
            if let password {
                sentence += revealSecrets ? ". Password: \(password)" : ". Password not read out; --show-password says it"
            }
            return sentence + "."
        case .contact(let name, let phones, let emails):
            var parts = ["a contact" + (name.map { ", \($0)" } ?? "")]
            parts += phones.prefix(2).map { "phone \(grouped($0))" }
            parts += emails.prefix(1).map { "email \($0)" }
            return "\(kind): \(parts.joined(separator: ", "))."
        case .event(let summary, let start, let location):
            var sentence = "\(kind): an event"
            if let summary { sentence += ", \(summary)" }
            if let start { sentence += ", " + spoken(start) }
            if let location { sentence += ", at \(location)" }
            return sentence + "."
        case .email(let address):
            return "\(kind): an email address, \(address)."
        case .phone(let number):
            return "\(kind): a phone number, \(grouped(number))."
        case .text(let text):
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return "\(kind): \(grouped(lines.joined(separator: ", ")))" + (lines.last?.last?.isPunctuation == true ? "" : ".")
        case .opaque(let characters):
            return "\(kind) holding \(characters) \(characters == 1 ? "character" : "characters")."
        }
    }

    /// "example dot org": dots said, so the host is understood and not run together.
    static func spokenHost(_ host: String) -> String {
        host.split(separator: ".").joined(separator: " dot ")
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

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// "on 1 December 2026 at 09:30" (with "UTC" when the code says so).
    static func spoken(_ time: CodeContent.EventTime) -> String {
        var words = "on \(time.day) \(monthNames[time.month - 1]) \(time.year)"
        if let hour = time.hour, let minute = time.minute {
            words += " at \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)" + (time.isUTC ? " UTC" : "")
        }
        return words
    }
}
