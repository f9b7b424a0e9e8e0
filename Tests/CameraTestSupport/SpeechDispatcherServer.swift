// SPDX-License-Identifier: GPL-3.0-or-later
// A real speech-dispatcher for tests: its own configuration, socket and log in a private
// directory, and a silent synthesizer, since the test machine has no sound device.
import Foundation
import Glibc
import Perception
import Synchronization

/// speech-dispatcher 0.11 running for one test. The configuration is a copy of
/// /etc/speech-dispatcher with its voice chosen by `Voice`:
/// - `silent`: one output module added and made the default, `sd_generic` running a shell
///   command that appends each text it is given to `spoken.txt` and then sleeps
///   `secondsPerMessage`, so a message takes that long "to say" and can be cut off while it is
///   said. Audio goes to libao's null driver: without any audio output the server refuses the
///   module, and espeak-ng with no sound device deadlocked 0.11.4 within five messages.
/// - `espeakAtRealPace`: the real voice, espeak-ng (`sd_espeak-ng`, Debian's
///   speech-dispatcher-espeak-ng), in each message's language, played into a PulseAudio null
///   sink of the test's own (`NullSinkSoundServer`), which plays at the real rate: a message
///   takes as long as a listener needs to hear it, and `heard()` tells what was begun, said to
///   its end and cut off.
///
/// Command line: `speech-dispatcher -s -t 0 -l 5 -L DIR/log -S DIR/speechd.sock -C DIR/conf
/// -P DIR/speechd.pid`, with HOME, XDG_CACHE_HOME, XDG_CONFIG_HOME and XDG_RUNTIME_DIR in DIR
/// so that servers of tests running in parallel never meet. At log level 5 the server logs
/// every SSIP command a client sends ("17:DATA:|SET SELF RATE 40"), every message it queues
/// ("Queueing message |Hello| with priority 2") with the id it replies ("17:REPLY:|225-3"),
/// and every notification it sends ("17:REPLY:|701-3" begin, "702-3" end, "703-3" cancelled).
public final class SpeechDispatcherServer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// One message as the server's log tells it.
    public struct Message: Sendable, Equatable {
        public enum State: Sendable, Equatable {
            /// Queued, not yet said.
            case waiting
            /// Being said (the client was sent "begin").
            case speaking
            case ended
            case cancelled
        }

        public var text: String
        /// speech-dispatcher's number: 1 important, 2 message, 3 text, 4 notification, 5 progress.
        public var priority: Int
        /// The server's message id; nil until the server has replied with it.
        public var id: Int?
        public var state: State
        /// The name the sending client gave (libspeechd's "user:NAME:main" gives NAME); nil
        /// until the server has replied with the message's id.
        public var client: String? = nil
        /// The server began to say it (it sent "begin"): one then cancelled was cut off mid-way.
        public var began = false
    }

    /// How the server's messages are voiced.
    public enum Voice: Sendable, Equatable {
        /// A command that takes `secondsPerMessage` for any message, writing its text to `spoken.txt`.
        case silent(secondsPerMessage: Double)
        /// espeak-ng at its real pace, into a null sink.
        case espeakAtRealPace
    }

    /// The numbers the server logs for each priority ("with priority 1"), which are
    /// libspeechd's `SPDPriority` values; measured against speech-dispatcher 0.11.4.
    public static let priorityNumbers: [Priority: Int] = [
        .important: 1, .message: 2, .text: 3, .notification: 4, .progress: 5,
    ]

    /// For `SpeechDispatcherRenderer(address:)`.
    public let address: String
    public let directory: String
    public let secondsPerMessage: Double
    public let voice: Voice

    private let process: Mutex<ServerProcess>
    /// The sound server the real voice plays into.
    private let sound: NullSinkSoundServer?
    private let arguments: [String]
    private let environment: [String: String]
    private let stopped = Atomic(false)

    /// Starts the server and waits (at most `startTimeout` seconds) until its socket takes
    /// connections.
    public convenience init(secondsPerMessage: Double = 0.3, startTimeout: Double = 10) throws(Failure) {
        try self.init(voice: .silent(secondsPerMessage: secondsPerMessage), startTimeout: startTimeout)
    }

    public init(voice: Voice, startTimeout: Double = 10) throws(Failure) {
        self.voice = voice
        if case .silent(let seconds) = voice { secondsPerMessage = seconds } else { secondsPerMessage = 0 }
        let directory: String
        do {
            directory = try Self.makeDirectory(voice: voice)
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(description: "No private speech-dispatcher configuration: \(error.localizedDescription)")
        }
        self.directory = directory
        var soundEnvironment: [String: String] = [:]
        if voice == .espeakAtRealPace {
            do {
                let started = try NullSinkSoundServer(directory: directory)
                sound = started
                soundEnvironment = started.environment
            } catch {
                try? FileManager.default.removeItem(atPath: directory)
                throw Failure(description: error.description)
            }
        } else {
            sound = nil
        }
        let socket = directory + "/speechd.sock"
        address = "unix_socket:" + socket
        let arguments = [
            "speech-dispatcher", "-s", "-t", "0", "-l", "5", "-L", directory + "/log",
            "-S", socket, "-C", directory + "/conf", "-P", directory + "/speechd.pid",
        ]
        let environment = [
            "HOME": directory + "/home", "XDG_CACHE_HOME": directory + "/cache",
            "XDG_CONFIG_HOME": directory + "/config", "XDG_RUNTIME_DIR": directory + "/run",
        ].merging(soundEnvironment) { $1 }
        self.arguments = arguments
        self.environment = environment
        do {
            process = Mutex(try Self.spawn(arguments, environment: environment, output: directory + "/stderr.txt"))
        } catch {
            sound?.stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        try waitUntilListening(startTimeout: startTimeout)
    }

    /// Ends the server with SIGKILL, as a crash would: its clients' connections drop, and what
    /// it had queued is lost with it. The directory stays, for `restart`.
    public func kill() {
        process.withLock { $0.killAbruptly() }
    }

    /// Stops the server (SIGSTOP) without closing anything: its socket takes connections and
    /// it answers nothing, as a server does that hung. `resume` lets it go on.
    public func pause() {
        process.withLock { _ = Glibc.kill($0.pid, SIGSTOP) }
    }

    public func resume() {
        process.withLock { _ = Glibc.kill($0.pid, SIGCONT) }
    }

    /// Starts the server again with the same configuration, socket and log folder, and waits
    /// until it listens. The log so far is moved to `DIR/log/before-restart-N.log` (the server
    /// appends, and numbers its messages from 1 again), so `log` and `messages()` tell only of
    /// the new run; `spoken.txt` goes on across both.
    public func restart(startTimeout: Double = 10) throws(Failure) {
        let restarts = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/log"))?
            .filter { $0.hasPrefix("before-restart-") }.count ?? 0
        try? FileManager.default.moveItem(atPath: logPath, toPath: directory + "/log/before-restart-\(restarts + 1).log")
        let started = try Self.spawn(arguments, environment: environment, output: directory + "/stderr.txt")
        process.withLock { $0 = started }
        try waitUntilListening(startTimeout: startTimeout)
    }

    private func waitUntilListening(startTimeout: Double) throws(Failure) {
        let socket = String(address.dropFirst("unix_socket:".count))
        let deadline = Date().addingTimeInterval(startTimeout)
        while Date() < deadline {
            if !isRunning {
                let log = self.log + ((try? String(contentsOfFile: directory + "/stderr.txt", encoding: .utf8)) ?? "")
                stop()
                throw Failure(description: "speech-dispatcher exited at start: \(log.suffix(2000))")
            }
            if Self.accepts(socket) { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let log = self.log
        stop()
        throw Failure(description: "speech-dispatcher did not listen within \(startTimeout) s: \(log.suffix(2000))")
    }

    // MARK: What the server saw

    /// The server's log so far (`DIR/log/speech-dispatcher.log`).
    public var log: String {
        guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
        return String(decoding: data, as: UTF8.self)  // the log also holds regex dumps that are not UTF-8
    }

    private var logPath: String { directory + "/log/speech-dispatcher.log" }

    /// The log's entries that contain one of `markers`, in log order. An entry starts at a
    /// line beginning "[" ("[date : µs] speechd: …") and may run over several lines (a
    /// message's text, a reply). Searched as bytes: at level 5 the server also dumps its symbol
    /// tables, tens of kilobytes a message, too much to split as a String at every poll.
    private func entries(mentioning markers: [String]) -> [String] {
        guard let log = FileManager.default.contents(atPath: logPath) else { return [] }
        let entryStart = Data("\n[".utf8)
        var found: [(start: Int, text: String)] = []
        for marker in markers {
            let needle = Data(marker.utf8)
            var from = log.startIndex
            while from < log.endIndex, let hit = log.range(of: needle, in: from..<log.endIndex) {
                let start = log.range(of: entryStart, options: .backwards, in: log.startIndex..<hit.lowerBound)
                    .map { $0.lowerBound + 1 } ?? log.startIndex
                let end = log.range(of: entryStart, in: hit.upperBound..<log.endIndex)?.lowerBound ?? log.endIndex
                found.append((start, String(decoding: log[start..<end], as: UTF8.self)))
                from = end
            }
        }
        return found.sorted { $0.start < $1.start }.map(\.text)
    }

    /// Every message queued, in order, with the number of its priority.
    public func queued() -> [(text: String, priority: Int)] {
        messages().map { ($0.text, $0.priority) }
    }

    /// Every message queued, in order, with what became of it.
    public func messages() -> [Message] {
        var messages: [Message] = []
        var states: [Int: Message.State] = [:]
        var begun: Set<Int> = []
        let pattern = /Queueing message \|(?<text>.*)\| with priority (?<priority>\d+)|(?<fd>\d+):REPLY:\|(?<code>225|70[123])-(?<id>\d+)/
        // Each connection's client name ("17:DATA:|SET SELF CLIENT_NAME user:sensecam:main"),
        // by its descriptor, which the reply with a message's id names.
        var clients: [Int: String] = [:]
        for entry in entries(mentioning: ["Queueing message |", "REPLY:|", "CLIENT_NAME"]) {
            if let named = entry.firstMatch(of: /(?<fd>\d+):DATA:\|SET SELF CLIENT_NAME [^:\s]*:(?<name>[^:\s|]+)/),
               let fd = Int(named.output.fd) {
                clients[fd] = String(named.output.name)
                continue
            }
            guard let match = entry.firstMatch(of: pattern.dotMatchesNewlines()) else { continue }
            if let text = match.output.text, let priority = match.output.priority {
                messages.append(Message(text: String(text), priority: Int(priority) ?? 0, id: nil, state: .waiting))
                continue
            }
            guard let code = match.output.code, let id = match.output.id.flatMap({ Int($0) }) else { continue }
            if code == "225" {
                // The server queues one message at a time and replies with its id at once.
                if let last = messages.lastIndex(where: { $0.id == nil }) {
                    messages[last].id = id
                    messages[last].client = match.output.fd.flatMap { Int($0) }.flatMap { clients[$0] }
                }
            } else {
                // A message dropped on arrival is reported cancelled before its id is replied.
                states[id] = code == "701" ? .speaking : code == "702" ? .ended : .cancelled
                if code == "701" { begun.insert(id) }
            }
        }
        for index in messages.indices {
            if let id = messages[index].id, let state = states[id] { messages[index].state = state }
            if let id = messages[index].id { messages[index].began = begun.contains(id) }
        }
        return messages
    }

    /// One message as its voice played it (`Voice.espeakAtRealPace`), from the output module's
    /// side of the log: "Module speak!" then the text sent to the module, then the module's
    /// "702 END" (said to its end) or "703 STOP" (stopped: cut off mid-way, as the server logs
    /// "Module stop!"). Times are the log's, in seconds.
    public struct HeardUtterance: Sendable, Equatable, CustomStringConvertible {
        public enum Ending: Sendable, Equatable {
            /// Played to its end.
            case said
            /// Stopped after it began: the listener heard part of it.
            case cutOff
            /// Still playing when the log was read.
            case playing
        }

        public var text: String
        public var start: Double
        public var end: Double?
        public var ending: Ending
        public var description: String {
            let took = end.map { String(format: " %.1f s", $0 - start) } ?? ""
            return "[\(ending)\(took)] \(text)"
        }
    }

    /// What the voice played, in order (`Voice.espeakAtRealPace` only).
    public func heard() -> [HeardUtterance] {
        var heard: [HeardUtterance] = []
        var lastTime = 0.0, dayOffset = 0.0
        for entry in entries(mentioning: ["Command sent to output module: |<speak>", "Event from output module while speaking: |70"]) {
            guard let time = Self.logTime(entry) else { continue }
            // The log gives the time of day: a run across midnight goes on from 24 hours.
            if time + dayOffset < lastTime - 43_200 { dayOffset += 86_400 }
            let now = time + dayOffset
            lastTime = now
            if let spoken = entry.firstMatch(of: /Command sent to output module: \|<speak>(?<text>.*?)<\/speak>\|/.dotMatchesNewlines()) {
                heard.append(HeardUtterance(text: Self.plainText(ssml: String(spoken.output.text)), start: now, end: nil, ending: .playing))
            } else if let event = entry.firstMatch(of: /while speaking: \|(?<code>70[23])\s/), let last = heard.indices.last,
                      heard[last].ending == .playing {
                heard[last].end = now
                heard[last].ending = event.output.code == "702" ? .said : .cutOff
            }
        }
        return heard
    }

    /// Seconds of the day of a log entry ("[Mon Dec  7 15:28:39 2026 : 694516] speechd: …").
    private static func logTime(_ entry: String) -> Double? {
        guard let match = entry.firstMatch(of: /^\[\w+ \w+ +\d+ (?<h>\d\d):(?<m>\d\d):(?<s>\d\d) \d+ : (?<us>\d+)\]/),
              let hours = Double(match.output.h), let minutes = Double(match.output.m), let seconds = Double(match.output.s),
              let micro = Double(match.output.us) else { return nil }
        return hours * 3600 + minutes * 60 + seconds + micro / 1_000_000
    }

    /// The words of the SSML the server sends its module: marks dropped, entities undone.
    private static func plainText(ssml: String) -> String {
        var text = ssml.replacing(/<[^>]*>/, with: "")
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&apos;", "'"), ("&quot;", "\""), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// Waits until the voice has played everything queued to its end or been stopped, and
    /// `quietSeconds` have passed with nothing new, for at most `timeout` seconds; returns what
    /// was heard.
    public func waitUntilQuiet(quietSeconds: Double = 1.5, timeout: Double = 60) -> [HeardUtterance] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [HeardUtterance] = [], since = Date()
        while Date() < deadline {
            let now = heard()
            if now != last {
                last = now
                since = Date()
            } else if !now.contains(where: { $0.ending == .playing }), Date().timeIntervalSince(since) >= quietSeconds,
                      !messages().contains(where: { $0.state == .waiting || $0.state == .speaking }) {
                return now
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return last
    }

    /// The SSIP commands clients sent, other than speaking: "SET SELF RATE 40",
    /// "SET SELF LANGUAGE de", "CANCEL SELF", "STOP SELF", …
    public func commands() -> [String] {
        entries(mentioning: [":DATA:|"]).compactMap { entry in
            entry.firstMatch(of: /\d+:DATA:\|(?<command>(?:SET|CANCEL|STOP|HISTORY|QUIT)\b[^\r\n|]*)/).map { String($0.output.command) }
        }
    }

    /// Every message queued, in order, with the language the server had last been told to speak
    /// in ("SET SELF LANGUAGE en") when it came; nil before any. For a run in which one client
    /// speaks: the setting is each client's own.
    public func queuedLanguages() -> [(text: String, language: String?)] {
        var language: String?
        var queued: [(text: String, language: String?)] = []
        for entry in entries(mentioning: ["Queueing message |", "DATA:|SET SELF LANGUAGE "]) {
            if let set = entry.firstMatch(of: /DATA:\|SET SELF LANGUAGE (?<code>[^\s|]+)/) {
                language = String(set.output.code)
            } else if let message = entry.firstMatch(of: /Queueing message \|(?<text>.*)\| with priority/.dotMatchesNewlines()) {
                queued.append((String(message.output.text), language))
            }
        }
        return queued
    }

    /// What the synthesizer command was given, one line per message, in the order said.
    public func spoken() -> [String] {
        let text = (try? String(contentsOfFile: directory + "/spoken.txt", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// How many connections have closed ("Connection closed" in the log), counting the one
    /// `init` makes to see that the server listens.
    public func closedConnections() -> Int {
        entries(mentioning: ["Connection closed"]).count
    }

    /// Polls the log until `condition` holds for its messages, for at most `timeout` seconds;
    /// returns the messages then, or nil.
    public func waitForMessages(timeout: Double = 5, until condition: ([Message]) -> Bool) -> [Message]? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let messages = messages()
            if condition(messages) { return messages }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date() < deadline
        return nil
    }

    /// Polls until the synthesizer has been given at least `count` messages, for at most
    /// `timeout` seconds; returns them then, or nil. (The server reports "begin" a moment
    /// before the synthesizer command runs.)
    public func waitForSpoken(_ count: Int, timeout: Double = 5) -> [String]? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let spoken = spoken()
            if spoken.count >= count { return spoken }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date() < deadline
        return nil
    }

    /// Waits until at least `count` messages were queued; false after `timeout` seconds.
    public func waitForQueued(_ count: Int, timeout: Double = 5) -> Bool {
        waitForMessages(timeout: timeout) { $0.count >= count } != nil
    }

    public var isRunning: Bool { process.withLock { $0.isRunning } }

    /// Ends the server (SIGTERM, SIGKILL after two seconds) and removes its directory; safe to
    /// call twice.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        process.withLock { server in
            Glibc.kill(server.pid, SIGCONT)  // one `pause`d would not end on SIGTERM
            server.terminate()
        }
        sound?.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Start-up

    /// DIR with conf/ (the system configuration plus the silent module), log/, home/ (libao's
    /// null driver), cache/, config/ and run/.
    private static func makeDirectory(voice: Voice) throws -> String {
        var template = Array((NSTemporaryDirectory() + "speechd-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else {
            throw Failure(description: "No private directory for speech-dispatcher: \(String(cString: strerror(errno))).")
        }
        let directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let files = FileManager.default
        try files.copyItem(atPath: "/etc/speech-dispatcher", toPath: directory + "/conf")
        for name in ["log", "home", "cache", "config", "run"] {
            try files.createDirectory(atPath: directory + "/" + name, withIntermediateDirectories: true,
                                      attributes: [.posixPermissions: 0o700])
        }
        let configuration = directory + "/conf/speechd.conf"
        let system = try String(contentsOfFile: configuration, encoding: .utf8)
        guard case .silent(let secondsPerMessage) = voice else {
            let additions = """

                # sensecam tests: the real voice, played at its pace into the test's own null sink.
                AudioOutputMethod "pulse"
                DefaultModule espeak-ng

                """
            try (system + additions).write(toFile: configuration, atomically: true, encoding: .utf8)
            return directory
        }
        try "default_driver=null\n".write(toFile: directory + "/home/.libao", atomically: true, encoding: .utf8)
        let module = """
            GenericExecuteSynth "echo \\'$DATA\\' >> \(directory)/spoken.txt; sleep \(secondsPerMessage)"
            AddVoice "en" "MALE1" "en"
            AddVoice "de" "MALE1" "de"

            """
        try module.write(toFile: directory + "/conf/modules/silent.conf", atomically: true, encoding: .utf8)
        let additions = """

            # sensecam tests: a silent module and libao's null driver (no sound device here).
            AudioOutputMethod "libao"
            AddModule "silent" "sd_generic" "silent.conf"
            DefaultModule silent

            """
        try (system + additions).write(toFile: configuration, atomically: true, encoding: .utf8)
        return directory
    }

    private static func accepts(_ socket: String) -> Bool {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socket.utf8CString)
        guard path.count <= MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            path.withUnsafeBytes { bytes.copyMemory(from: $0) }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        } == 0
    }

    /// Runs the server from the $PATH with its output in `output` and the test runner's
    /// environment plus `environment`.
    private static func spawn(_ arguments: [String], environment: [String: String], output: String) throws(Failure) -> ServerProcess {
        do {
            return try ServerProcess(executable: arguments[0], arguments: arguments, environment: environment, output: output)
        } catch {
            throw Failure(description: "speech-dispatcher could not be started (\(error.reason)); install it with 'sudo apt install speech-dispatcher'.")
        }
    }
}
