// SPDX-License-Identifier: GPL-3.0-or-later
// A real BRLTTY for tests: its TTY braille driver draws on a pseudo-terminal we read, and its
// BrlAPI server listens on loopback TCP.
import Foundation
import Glibc
import Synchronization

/// BRLTTY 6.5 running for one test, with no braille hardware: the `tt` driver treats a
/// pseudo-terminal as a 40-cell display and draws each update on it — the text on the
/// first line, the braille cells (U+2800…) on the second — and reads the arrow keys typed
/// into it as the display's pan and line keys. Everything BRLTTY writes (pid file,
/// preferences, log) goes to a private directory; nothing under /etc or /var is written.
///
/// Command line: `brltty -n -e -q -l info,server -f /dev/null -F DIR/brltty.prefs -P DIR/brltty.pid
/// -U DIR -W DIR -b tt -d /dev/pts/N -B term=vt100,lines=1,columns=40 -x no -s no
/// -A host=127.0.0.1:PORT-4101,auth=none` (or `auth=keyfile:DIR/brlapi.key`).
public final class BrailleServer: Sendable {
    /// Keys as the `tt` driver maps them: the arrows are pan left/right and line up/down;
    /// other characters reach BrlAPI clients as typed characters.
    public enum Key: Sendable {
        case panLeft, panRight, lineUp, lineDown
        case character(Character)

        /// What a vt100 in keypad-transmit mode (which the driver sets) sends.
        var bytes: [UInt8] {
            switch self {
            case .panRight: Array("\u{1B}OC".utf8)
            case .panLeft: Array("\u{1B}OD".utf8)
            case .lineUp: Array("\u{1B}OA".utf8)
            case .lineDown: Array("\u{1B}OB".utf8)
            case .character(let character): Array(String(character).utf8)
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// For `BrailleRenderer(host:auth:)`: BrlAPI's "host:N" is TCP port 4101 + N.
    public let host: String
    /// "none", or "keyfile:PATH" when the server was started with a key.
    public let auth: String
    public let columns: Int
    public let directory: String

    private let process: Mutex<ServerProcess>
    private let arguments: [String]
    private let port: Int
    private let master: Int32
    private let slave: Int32
    private let screen = Mutex(TerminalScreen())
    private let stopped = Atomic(false)
    private let readerExited = DispatchSemaphore(value: 0)

    /// BrlAPI's first TCP port (`BRLAPI_SOCKETPORTNUM`).
    static let basePort = 4101

    /// Starts BRLTTY and waits (at most `startTimeout` seconds) until its display is drawn
    /// and its BrlAPI port accepts connections. With a `key`, clients must present it (as
    /// `auth`); without, BrlAPI asks for none.
    public init(columns: Int = 40, key: String? = nil, startTimeout: Double = 10) throws(Failure) {
        self.columns = columns
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            throw Failure(description: "No pseudo-terminal for BRLTTY: \(String(cString: strerror(errno))).")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        let device = String(cString: ttyname(slave))
        let template = NSTemporaryDirectory() + "brltty-XXXXXX"
        var path = Array(template.utf8CString)
        guard mkdtemp(&path) != nil else {
            close(master)
            close(slave)
            throw Failure(description: "No private directory for BRLTTY: \(String(cString: strerror(errno))).")
        }
        let directory = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let port = Self.freePort()
        var auth = "none"
        if let key {
            let keyFile = directory + "/brlapi.key"
            _ = FileManager.default.createFile(atPath: keyFile, contents: Data(key.utf8))
            auth = "keyfile:" + keyFile
        }
        let arguments = [
            // The BrlAPI server's log lines say what clients asked for (`log`).
            "brltty", "-n", "-e", "-q", "-l", "info,server",
            // The system's settings stay out: this BRLTTY is only what the command line says.
            "-f", "/dev/null", "-F", directory + "/brltty.prefs", "-P", directory + "/brltty.pid",
            "-U", directory, "-W", directory,
            "-b", "tt", "-d", device, "-B", "term=vt100,lines=1,columns=\(columns)",
            "-x", "no", "-s", "no",
            "-A", "host=127.0.0.1:\(port - Self.basePort),auth=\(auth)",
        ]
        let process: ServerProcess
        do {
            process = try Self.spawn(arguments, log: directory + "/brltty.log")
        } catch {
            close(master)
            close(slave)
            throw error
        }
        self.process = Mutex(process)
        self.arguments = arguments
        self.port = port
        self.master = master
        self.slave = slave
        self.directory = directory
        self.auth = auth
        self.host = "127.0.0.1:\(port - Self.basePort)"
        startReader()

        let deadline = Date().addingTimeInterval(startTimeout)
        while Date() < deadline {
            if !isRunning {
                let log = self.log
                stop()
                throw Failure(description: "BRLTTY exited at start: \(log)")
            }
            if !displayedDots().isEmpty && Self.accepts(port: port) { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let log = self.log
        stop()
        throw Failure(description: "BRLTTY did not start within \(startTimeout) s: \(log)")
    }

    /// The text line the display shows, without trailing blanks.
    public func displayed() -> String {
        screen.withLock { Self.trimmed($0.cells[0].prefix(columns)) }
    }

    /// The braille cells the display shows (U+2800–U+28FF, one per cell; blank is U+2800),
    /// or "" before the first update.
    public func displayedDots() -> String {
        screen.withLock { Self.trimmed($0.cells[1].prefix(columns)) }
    }

    private static func trimmed(_ cells: ArraySlice<Character>) -> String {
        String(cells.reversed().drop { $0 == " " }.reversed())
    }

    /// Whether every cell is blank: text and dots both, so a redraw half read is not blank.
    public var isBlank: Bool {
        displayed().isEmpty && displayedDots() == String(repeating: "\u{2800}", count: columns)
    }

    /// Polls until `condition` holds for the text line, for at most `timeout` seconds;
    /// returns the line then, or nil.
    public func waitForDisplay(timeout: Double = 5, until condition: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let line = displayed()
            if condition(line) { return line }
            Thread.sleep(forTimeInterval: 0.005)
        } while Date() < deadline
        return nil
    }

    /// Presses a key on the display, as typing it into the terminal would.
    public func press(_ key: Key) {
        let bytes = key.bytes
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// BRLTTY's log so far: start-up lines, complaints, and each BrlAPI request
    /// ("server: received LeaveTtyMode request on fd 16").
    public var log: String {
        (try? String(contentsOfFile: directory + "/brltty.log", encoding: .utf8)) ?? ""
    }

    public var isRunning: Bool { process.withLock { $0.isRunning } }

    /// Ends BRLTTY with SIGKILL, as a crash would: its BrlAPI clients' connections drop. The
    /// terminal and directory stay, for `restart`.
    public func kill() {
        process.withLock { $0.killAbruptly() }
    }

    /// Starts BRLTTY again on the same terminal and port (its log starts afresh), and waits (at
    /// most `startTimeout` seconds) until its BrlAPI port accepts connections.
    public func restart(startTimeout: Double = 10) throws(Failure) {
        let started = try Self.spawn(arguments, log: directory + "/brltty.log")
        process.withLock { $0 = started }
        let deadline = Date().addingTimeInterval(startTimeout)
        while Date() < deadline {
            if !isRunning { throw Failure(description: "BRLTTY exited at restart: \(log)") }
            if Self.accepts(port: port) { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw Failure(description: "BRLTTY did not listen again within \(startTimeout) s: \(log)")
    }

    /// Ends BRLTTY (SIGTERM, SIGKILL after two seconds) and removes its directory. Every
    /// server must be stopped (its reader thread keeps it alive until then); safe to call twice.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        process.withLock { $0.terminate() }
        readerExited.wait()
        close(master)
        close(slave)
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Start-up

    /// A loopback port from BrlAPI's range that nothing listens on now.
    private static func freePort() -> Int {
        for _ in 0..<100 {
            let port = basePort + Int.random(in: 1000...20000)
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = loopback(port)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound == 0 { return port }
        }
        return basePort + 4242
    }

    private static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private static func loopback(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Runs brltty with its output in `log` and a UTF-8 locale (so the driver draws any
    /// character), from /usr/sbin or /sbin (where Debian puts it) or else the $PATH.
    private static func spawn(_ arguments: [String], log: String) throws(Failure) -> ServerProcess {
        // posix_spawnp searches the caller's PATH; brltty lives in sbin, often not on it.
        let installed: [String] = ["/usr/sbin/brltty", "/sbin/brltty"]
        let executable = installed.first { access($0, X_OK) == 0 } ?? "brltty"
        do {
            return try ServerProcess(executable: executable, arguments: arguments,
                                     environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"], output: log)
        } catch {
            throw Failure(description: "BRLTTY could not be started (\(error.reason)); install it with 'sudo apt install brltty'.")
        }
    }

    /// Reads what the driver draws until `stop()`; the pty buffer must never fill, or
    /// BRLTTY would block writing to it.
    private func startReader() {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !stopped.load(ordering: .acquiring) {
                var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&request, 1, 20) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 {
                    screen.withLock { $0.feed(buffer[..<count]) }
                } else {
                    Thread.sleep(forTimeInterval: 0.01)  // EIO while no process has the terminal open
                }
            }
            readerExited.signal()
        }
        thread.name = "brltty display"
        thread.start()
    }
}

/// Just enough of a vt100 to follow what curses draws for the `tt` driver: cursor moves,
/// erasing, and UTF-8 text; attributes and modes are ignored.
struct TerminalScreen {
    static let rows = 24
    static let columns = 80

    var cells = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
    private var row = 0
    private var column = 0
    private var saved = (0, 0)
    private var state = State.ground
    private var utf8: [UInt8] = []
    private var parameters = ""

    private enum State { case ground, escape, charset, controlSequence }

    mutating func feed(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes { feed(byte) }
    }

    private mutating func feed(_ byte: UInt8) {
        switch state {
        case .ground:
            ground(byte)
        case .escape:
            state = .ground
            switch byte {
            case UInt8(ascii: "["): parameters = ""; state = .controlSequence
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#"): state = .charset
            case UInt8(ascii: "7"): saved = (row, column)
            case UInt8(ascii: "8"): (row, column) = saved
            case UInt8(ascii: "D"): lineFeed()
            case UInt8(ascii: "E"): column = 0; lineFeed()
            case UInt8(ascii: "M"): row = max(0, row - 1)
            default: break  // keypad modes and the like
            }
        case .charset:
            state = .ground
        case .controlSequence:
            if (0x20...0x3F).contains(byte) {
                parameters.append(Character(Unicode.Scalar(byte)))
            } else {
                state = .ground
                controlSequence(final: byte)
            }
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if !utf8.isEmpty || byte >= 0x80 {
            utf8.append(byte)
            let expected = utf8[0] >= 0xF0 ? 4 : utf8[0] >= 0xE0 ? 3 : utf8[0] >= 0xC0 ? 2 : 1
            guard utf8.count >= expected else { return }
            put(String(decoding: utf8, as: UTF8.self).first ?? "\u{FFFD}")
            utf8 = []
            return
        }
        switch byte {
        case 0x1B: state = .escape
        case 0x0D: column = 0
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: column = max(0, column - 1)
        case 0x09: column = min(Self.columns - 1, (column / 8 + 1) * 8)
        case 0x20...0x7E: put(Character(Unicode.Scalar(byte)))
        default: break  // NUL padding, bell, shift in/out
        }
    }

    private mutating func controlSequence(final: UInt8) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func number(_ index: Int, default value: Int = 1) -> Int {
            index < numbers.count && numbers[index] > 0 ? numbers[index] : value
        }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            row = min(Self.rows - 1, number(0) - 1)
            column = min(Self.columns - 1, number(1) - 1)
        case UInt8(ascii: "A"): row = max(0, row - number(0))
        case UInt8(ascii: "B"): row = min(Self.rows - 1, row + number(0))
        case UInt8(ascii: "C"): column = min(Self.columns - 1, column + number(0))
        case UInt8(ascii: "D"): column = max(0, column - number(0))
        case UInt8(ascii: "G"): column = min(Self.columns - 1, number(0) - 1)
        case UInt8(ascii: "d"): row = min(Self.rows - 1, number(0) - 1)
        case UInt8(ascii: "J"):
            switch number(0, default: 0) {
            case 0: erase(from: (row, column), to: (Self.rows - 1, Self.columns))
            case 1: erase(from: (0, 0), to: (row, column + 1))
            default: erase(from: (0, 0), to: (Self.rows - 1, Self.columns))
            }
        case UInt8(ascii: "K"):
            switch number(0, default: 0) {
            case 0: erase(from: (row, column), to: (row, Self.columns))
            case 1: erase(from: (row, 0), to: (row, column + 1))
            default: erase(from: (row, 0), to: (row, Self.columns))
            }
        case UInt8(ascii: "X"): erase(from: (row, column), to: (row, min(Self.columns, column + number(0))))
        case UInt8(ascii: "P"):
            let count = min(number(0), Self.columns - column)
            cells[row].removeSubrange(column..<column + count)
            cells[row].append(contentsOf: repeatElement(" ", count: count))
        case UInt8(ascii: "@"):
            let count = min(number(0), Self.columns - column)
            cells[row].insert(contentsOf: repeatElement(" ", count: count), at: column)
            cells[row].removeLast(count)
        default: break  // attributes, scrolling region, modes
        }
    }

    private mutating func put(_ character: Character) {
        if column >= Self.columns {
            column = 0
            lineFeed()
        }
        cells[row][column] = character
        column += 1
    }

    private mutating func lineFeed() {
        if row < Self.rows - 1 {
            row += 1
        } else {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: Self.columns))
        }
    }

    /// Blanks from `start` up to, not including, `end` (row, column), in reading order.
    private mutating func erase(from start: (Int, Int), to end: (Int, Int)) {
        for line in start.0...end.0 {
            let first = line == start.0 ? start.1 : 0
            let last = line == end.0 ? end.1 : Self.columns
            guard first < last else { continue }
            for index in first..<min(last, Self.columns) { cells[line][index] = " " }
        }
    }
}
