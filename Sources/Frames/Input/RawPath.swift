// SPDX-License-Identifier: GPL-3.0-or-later
/// A path as the file system holds it: bytes, which need not be UTF-8 (old photo archives
/// often hold Latin-1 names). Files are opened by these bytes; `escaped` is how the path is
/// written in records and sentences.
public struct RawPath: Sendable, Hashable, Comparable {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ path: String) { bytes = Array(path.utf8) }

    /// The path as text, reversibly: valid UTF-8 as it is, each byte that is not part of valid
    /// UTF-8 as `\xNN` (two lower-case hex digits), and a literal backslash doubled, so
    /// `caf\xe9.jpg` is the Latin-1 name "café.jpg" and `a\\b.jpg` the name `a\b.jpg`.
    /// Documented in docs/records.md (`source`).
    public var escaped: String { Self.escape(bytes) }

    /// This path and then `name`, with one slash between.
    public func appending(_ name: [UInt8]) -> RawPath {
        var joined = bytes
        while joined.count > 1, joined.last == UInt8(ascii: "/") { joined.removeLast() }
        if !joined.isEmpty, joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        return RawPath(bytes: joined + name)
    }

    /// Calls `body` with the path as a NUL-terminated C string, for the system calls.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    public static func < (lhs: RawPath, rhs: RawPath) -> Bool { lhs.escaped < rhs.escaped }

    static func escape(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                text += "\\x" + String(bytes[index], radix: 16).leftPadded(to: 2)
                index += 1
                continue
            }
            let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self)
            text += scalar == "\\" ? "\\\\" : scalar
            index += length
        }
        return text
    }

    /// The inverse of `escaped`; nil when `text` is not something `escaped` writes.
    public static func unescaping(_ text: String) -> RawPath? {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            guard utf8[index] == UInt8(ascii: "\\") else {
                bytes.append(utf8[index])
                index += 1
                continue
            }
            guard index + 1 < utf8.count else { return nil }
            if utf8[index + 1] == UInt8(ascii: "\\") {
                bytes.append(utf8[index])
                index += 2
            } else if utf8[index + 1] == UInt8(ascii: "x"), index + 3 < utf8.count,
                      let byte = UInt8(String(decoding: utf8[index + 2...index + 3], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                index += 4
            } else {
                return nil
            }
        }
        return RawPath(bytes: bytes)
    }

    /// How many bytes from `start` form one valid UTF-8 scalar (RFC 3629: no overlong forms,
    /// no surrogates, nothing above U+10FFFF), or 0 when the byte there does not start one.
    static func validSequenceLength(_ bytes: [UInt8], at start: Int) -> Int {
        let lead = bytes[start]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard start + length <= bytes.count else { return 0 }
        for offset in 1..<length {
            let byte = bytes[start + offset]
            let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min, byte <= max else { return 0 }
        }
        return length
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
