// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A udev rules file read by the grammar udev(7) gives — rules of comma-separated
/// `KEY[{attribute}] operator "value"` pairs, `#` comments, a backslash continuing a line —
/// with each key's operators and attribute checked against the keys it lists, and the rules
/// applied to one device's properties the way udevd does for the keys a rule here uses.
/// For a machine without `udevadm verify` (systemd 253) or a video4linux device to run
/// `udevadm test` on. Keys it does not simulate are refused, not ignored.
struct UdevRules {
    enum Operator: String, CaseIterable {
        case equal = "==", notEqual = "!=", assign = "=", add = "+=", remove = "-=", assignFinal = ":="
        var isMatch: Bool { self == .equal || self == .notEqual }
    }

    struct Pair: Equatable {
        var key: String
        var attribute: String?
        var op: Operator
        var value: String
    }

    struct SyntaxError: Error, CustomStringConvertible {
        var description: String
    }

    /// udev(7)'s keys: which operators each takes, and whether it takes `{attribute}`.
    private struct Key {
        var operators: Set<Operator>
        var attribute: Bool
    }

    private static let matching: Set<Operator> = [.equal, .notEqual]
    private static let assigning: Set<Operator> = [.assign, .add, .remove, .assignFinal]
    private static let keys: [String: Key] = {
        var keys: [String: Key] = [:]
        for name in ["ACTION", "DEVPATH", "KERNEL", "KERNELS", "SUBSYSTEM", "SUBSYSTEMS", "DRIVER", "DRIVERS", "TAGS", "PROGRAM", "RESULT"] {
            keys[name] = Key(operators: matching, attribute: false)
        }
        for name in ["ATTRS", "TEST", "CONST", "SYSCTL"] { keys[name] = Key(operators: matching, attribute: true) }
        for name in ["NAME", "SYMLINK", "OWNER", "GROUP", "MODE", "TAG"] {
            keys[name] = Key(operators: matching.union(assigning), attribute: false)
        }
        for name in ["ENV", "ATTR", "SECLABEL"] { keys[name] = Key(operators: matching.union(assigning), attribute: true) }
        keys["SYSCTL"] = Key(operators: matching.union(assigning), attribute: true)
        keys["IMPORT"] = Key(operators: matching.union([.assign]), attribute: true)
        keys["RUN"] = Key(operators: assigning, attribute: false)
        keys["OPTIONS"] = Key(operators: assigning, attribute: false)
        keys["LABEL"] = Key(operators: [.assign], attribute: false)
        keys["GOTO"] = Key(operators: [.assign], attribute: false)
        return keys
    }()

    let rules: [[Pair]]

    init(_ text: String) throws {
        var logical: [(number: Int, text: String)] = []
        var pending = ""
        var start = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if pending.isEmpty { start = index + 1 }
            if line.hasSuffix("\\") {
                pending += line.dropLast()
                continue
            }
            logical.append((start, pending + line))
            pending = ""
        }
        var rules: [[Pair]] = []
        for (number, line) in logical {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            rules.append(try Self.pairs(trimmed, line: number))
        }
        self.rules = rules
        let labels = Set(rules.flatMap { $0 }.filter { $0.key == "LABEL" }.map(\.value))
        for goto in rules.flatMap({ $0 }) where goto.key == "GOTO" && !labels.contains(goto.value) {
            throw SyntaxError(description: "GOTO=\"\(goto.value)\" has no LABEL")
        }
    }

    private static func pairs(_ line: String, line number: Int) throws -> [Pair] {
        let pattern = /^\s*(?<key>[A-Z_]+)(\{(?<attribute>[^}]*)\})?\s*(?<op>==|!=|\+=|-=|:=|=)\s*"(?<value>[^"]*)"\s*(?<comma>,?)/
        var rest = Substring(line)
        var pairs: [Pair] = []
        while !rest.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let match = rest.prefixMatch(of: pattern) else {
                throw SyntaxError(description: "line \(number): not a KEY operator \"value\" pair at '\(rest)'")
            }
            let key = String(match.output.key)
            let op = Operator(rawValue: String(match.output.op))!
            guard let spec = keys[key] else { throw SyntaxError(description: "line \(number): unknown key \(key)") }
            guard spec.operators.contains(op) else {
                throw SyntaxError(description: "line \(number): \(key) does not take \(op.rawValue)")
            }
            guard (match.output.attribute != nil) == spec.attribute else {
                throw SyntaxError(description: "line \(number): \(key) \(spec.attribute ? "needs" : "takes no") {attribute}")
            }
            pairs.append(Pair(key: key, attribute: match.output.attribute.map(String.init), op: op, value: String(match.output.value)))
            rest = rest[match.range.upperBound...]
            if match.output.comma.isEmpty, !rest.trimmingCharacters(in: .whitespaces).isEmpty {
                throw SyntaxError(description: "line \(number): pairs must be separated by commas, at '\(rest)'")
            }
        }
        return pairs
    }

    /// One device as a udev event sees it: the action, and its properties (`E:` lines of
    /// `udevadm info --export-db`, with the kernel name from its `P:` path).
    struct Device {
        var action: String
        var kernel: String
        var properties: [String: String]
        var tags: Set<String> = []
    }

    struct NotSimulated: Error, CustomStringConvertible {
        var description: String
    }

    /// The device after the rules ran: tags added, properties set.
    func apply(to device: Device) throws -> Device {
        var device = device
        var skippingTo: String?
        for rule in rules {
            if let label = skippingTo {
                if rule.contains(where: { $0.key == "LABEL" && $0.value == label }) { skippingTo = nil }
                continue
            }
            var matches = true
            for pair in rule where pair.op.isMatch {
                let actual: String
                switch pair.key {
                case "ACTION": actual = device.action
                case "KERNEL": actual = device.kernel
                case "SUBSYSTEM": actual = device.properties["SUBSYSTEM"] ?? ""
                case "ENV": actual = device.properties[pair.attribute ?? ""] ?? ""
                default: throw NotSimulated(description: "matching \(pair.key) is not simulated")
                }
                let hit = pair.value.split(separator: "|", omittingEmptySubsequences: false)
                    .contains { fnmatch(String($0), actual, 0) == 0 }
                if hit != (pair.op == .equal) { matches = false; break }
            }
            guard matches else { continue }
            for pair in rule where !pair.op.isMatch {
                let value = Self.substituted(pair.value, in: device)
                switch (pair.key, pair.op) {
                case ("LABEL", _): break
                case ("GOTO", _): skippingTo = value
                case ("TAG", .add): device.tags.insert(value)
                case ("ENV", .assign): device.properties[pair.attribute!] = value
                case ("ENV", .add):
                    // udevd joins a value added to one already there with a space.
                    let old = device.properties[pair.attribute!] ?? ""
                    device.properties[pair.attribute!] = old.isEmpty ? value : old + " " + value
                default: throw NotSimulated(description: "\(pair.key)\(pair.op.rawValue) is not simulated")
                }
            }
        }
        return device
    }

    /// udev(7)'s string substitutions the simulation knows: %k and $kernel, $env{KEY}, %% and $$.
    static func substituted(_ value: String, in device: Device) -> String {
        var result = value.replacingOccurrences(of: "%k", with: device.kernel).replacingOccurrences(of: "$kernel", with: device.kernel)
        while let range = result.range(of: #"\$env\{[A-Za-z0-9_]+\}"#, options: .regularExpression) {
            let key = String(result[range].dropFirst(5).dropLast())
            result.replaceSubrange(range, with: device.properties[key] ?? "")
        }
        return result.replacingOccurrences(of: "%%", with: "%").replacingOccurrences(of: "$$", with: "$")
    }

    /// The records of a `udevadm info --export-db` dump, by kernel name.
    static func database(_ dump: String) -> [String: [String: String]] {
        var devices: [String: [String: String]] = [:]
        for record in dump.components(separatedBy: "\n\n") {
            var kernel: String?
            var properties: [String: String] = [:]
            for line in record.split(separator: "\n") {
                if line.hasPrefix("P: ") { kernel = line.split(separator: "/").last.map(String.init) }
                if line.hasPrefix("E: "), let equals = line.firstIndex(of: "=") {
                    properties[String(line[line.index(line.startIndex, offsetBy: 3)..<equals])] = String(line[line.index(after: equals)...])
                }
            }
            if let kernel { devices[kernel] = properties }
        }
        return devices
    }
}
