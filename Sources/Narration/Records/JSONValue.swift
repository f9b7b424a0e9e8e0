// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Frames

/// A JSON value whose objects keep their keys in the order written, so records read in
/// the documented schema order. Foundation's encoder would sort or scramble them.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case number(Double, decimals: Int)
    case integer(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    /// Compact, single-line JSON: one record is always one line of a JSON Lines file.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let text): Self.writeString(text, to: &out)
        case .number(let value, let decimals): out += Self.format(value, decimals: decimals)
        case .integer(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Rounded to `decimals` places without trailing zeros; non-finite values become null.
    package static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// Confidences to 4 places, pixel coordinates to 1: more would be noise, not information.
    package static let confidenceDecimals = 4
    package static let pixelDecimals = 1

    /// A confidence as every record writes it.
    package static func confidence(_ value: Double) -> JSONValue { .number(value, decimals: confidenceDecimals) }

    /// A box as every record writes it: `[x, y, width, height]` in pixels.
    package static func box(_ box: Box) -> JSONValue {
        .array([box.x, box.y, box.width, box.height].map { .number($0, decimals: pixelDecimals) })
    }
}
