// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The shim and the system report codes; the catalog words them in the user's language. A
/// library's or the system's English never becomes the sentence, or part of it.
@Suite struct NoEnglishFromBelowTests {
    /// Argument names that, by the catalog's convention, hold why something failed: they are
    /// filled with a catalog phrase (`.message`), never with text from a library or the system.
    static let reasonArguments: Set<String> = ["reason", "error", "detail", "sentence", "why", "problem"]

    /// A message that is nothing but one of those arguments (punctuation aside) would say
    /// whatever fills it as the whole sentence: in every language, none may exist.
    @Test(arguments: Language.allCases)
    func noMessageIsOnlyAReasonPassedThrough(language: Language) throws {
        let catalog = try #require(try Catalog.embedded(language.code))
        let passing = catalog.templates.filter { _, template in
            let arguments = template.parts.compactMap { part -> String? in
                if case .argument(let name, _) = part { return name }
                return nil
            }
            let words = template.parts.contains { part in
                switch part {
                case .literal(let text): text.unicodeScalars.contains { CharacterSet.letters.contains($0) }
                case .argument: false
                default: true
                }
            }
            return !words && arguments.count == 1 && Self.reasonArguments.contains(arguments[0])
        }.keys.map(\.rawValue).sorted()
        #expect(passing.isEmpty, "\(language.code): \(passing.joined(separator: ", ")) say a reason as the whole sentence")
    }

    // MARK: The sources

    /// Where text from below could still reach a sentence: an errno's or SQLite's English, a
    /// Foundation error's description, or a reason argument filled with text (a shim message, an
    /// interpolated error) instead of a catalog phrase.
    static let passThrough: [(name: String, pattern: String)] = [
        ("strerror", #"strerror\("#),
        ("sqlite3_errmsg", #"sqlite3_errmsg"#),
        ("a Foundation description", #"localized(Description|FailureReason)"#),
        ("a reason filled with text", #""(reason|error|detail|sentence|why|problem)":\s*\.text\("#),
        ("an error's own description as the fallback", #"\?\? "\\\("#),
    ]

    /// Sources allowed a match, each with why it is not text from below.
    static let allowed: [String: String] = [
        // channelCannotSpeak's and channelPrintingInstead's {reason} is a sentence the catalog
        // worded (RuntimeFailure(error).message), its full stop dropped to join the sentence.
        "Sources/Perception/Output/OutputAssembly.swift": "a catalog sentence as a clause",
    ]

    /// Sources that still pass text from below through, to be converted as the output channels
    /// were: a file leaves this list when it is, and the test fails while a listed file no longer
    /// matches, so the list only shrinks.
    static let pending: Set<String> = [
        "Sources/Seeing/Finding/TaughtThingsError.swift",
        "Sources/Perception/Keys/TerminalMode.swift",
        "Sources/sensecam/Commands/ServiceDisableCommand.swift",
        "Sources/sensecam/Commands/ServiceEnableCommand.swift",
    ]

    /// The Swift sources that match a pass-through pattern, with what they matched.
    static func passingSources() throws -> [String: [String]] {
        let root = TestResources.packageRoot
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [String: [String]] = [:]
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let relative = url.path.replacingOccurrences(of: root.path + "/", with: "")
            for (name, pattern) in passThrough where text.range(of: pattern, options: .regularExpression) != nil {
                found[relative, default: []].append(name)
            }
        }
        return found
    }

    @Test func noSourcePassesTextFromBelowIntoASentence() throws {
        let found = try Self.passingSources()
        let new = found.filter { Self.allowed[$0.key] == nil && !Self.pending.contains($0.key) }
            .map { "\($0.key) (\($0.value.joined(separator: ", ")))" }.sorted()
        #expect(new.isEmpty, "text from below reaches a sentence in: \(new.joined(separator: "; "))")
        let converted = Self.pending.filter { found[$0] == nil }.sorted()
        #expect(converted.isEmpty, "no longer passing text through, so take them off the pending list: \(converted)")
    }

    @Test func theOutputChannelsPassNothingThrough() throws {
        let found = try Self.passingSources().keys.filter { $0.hasPrefix("Sources/Rendering/") }
        #expect(found.isEmpty, "\(found)")
        let rendering = TestResources.packageRoot.appendingPathComponent("Sources/Rendering")
        for name in try FileManager.default.contentsOfDirectory(atPath: rendering.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: rendering.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains(".text(opened.message)") && !text.contains("library:"), "\(name)")
        }
    }

    // MARK: The codes the output channels report, worded

    struct Case: Sendable, CustomTestStringConvertible {
        var error: RendererError
        var english: String
        var other: Language
        var translated: String
        var testDescription: String { english }
    }

    static let cases: [Case] = [
        Case(error: EspeakSynthesizer.notStarted(CVision_ErrorInUse, language: nil),
             english: "espeak-ng is already in use in this program.",
             other: .german, translated: "espeak-ng wird in diesem Programm bereits verwendet."),
        Case(error: EspeakSynthesizer.notStarted(CVision_ErrorNoLanguage, language: "xx"),
             english: "espeak-ng has no voice for the language 'xx'.",
             other: .french, translated: "espeak-ng n'a pas de voix pour la langue « xx »."),
        Case(error: EspeakSynthesizer.notStarted(CVision_ErrorNoSoundDevice, language: "de"),
             english: "espeak-ng found no sound device.",
             other: .german, translated: "espeak-ng hat kein Audiogerät gefunden."),
        Case(error: EspeakSynthesizer.notStarted(CVision_ErrorInternal, language: nil),
             english: "espeak-ng could not load its voice data; reinstall espeak-ng-data.",
             other: .spanish, translated: "espeak-ng no pudo cargar sus datos de voz; reinstale espeak-ng-data."),
        Case(error: SoundDeviceToneOutput.notOpened(CVision_ErrorNoSoundDevice),
             english: "Cannot play tones: no sound device was found.",
             other: .spanish, translated: "No se pueden reproducir los tonos: no se encontró ningún dispositivo de sonido."),
        Case(error: SoundDeviceToneOutput.notOpened(CVision_ErrorSoundDevice),
             english: "Cannot play tones: the sound device did not open.",
             other: .german, translated: "Töne können nicht abgespielt werden: Das Audiogerät ließ sich nicht öffnen."),
        Case(error: SpeechDispatcherRenderer.notConnected(CVision_ErrorBadAddress, address: "tcp:x", autospawn: false),
             english: "The speech-dispatcher address 'tcp:x' is not valid; use unix_socket:/path or inet_socket:host:port.",
             other: .french,
             translated: "L'adresse de speech-dispatcher « tcp:x » n'est pas valide ; utilisez unix_socket:/chemin ou inet_socket:hôte:port."),
        Case(error: SpeechDispatcherRenderer.notConnected(CVision_ErrorBadAddress, address: nil, autospawn: true),
             english: "The speech-dispatcher address in SPEECHD_ADDRESS is not valid; set it to unix_socket:/path or inet_socket:host:port, or unset it.",
             other: .german,
             translated: "Die speech-dispatcher-Adresse in SPEECHD_ADDRESS ist ungültig; setzen Sie sie auf unix_socket:/Pfad oder inet_socket:Host:Port oder entfernen Sie sie."),
        Case(error: SpeechDispatcherRenderer.notConnected(CVision_ErrorNotRunning, address: nil, autospawn: false),
             english: "Speech-dispatcher is not running.", other: .spanish, translated: "Speech-dispatcher no está en marcha."),
        Case(error: SpeechDispatcherRenderer.notConnected(CVision_ErrorNotRunning, address: "unix_socket:/s", autospawn: false),
             english: "Speech-dispatcher is not running at unix_socket:/s.",
             other: .german, translated: "Speech-dispatcher läuft nicht unter unix_socket:/s."),
        Case(error: SpeechDispatcherRenderer.notConnected(CVision_ErrorNotRunning, address: nil, autospawn: true),
             english: "Speech-dispatcher is not running and could not be started; check that the speech-dispatcher package is installed.",
             other: .french,
             translated: "Speech-dispatcher ne fonctionne pas et n'a pas pu être démarré ; vérifiez que le paquet speech-dispatcher est installé."),
        Case(error: SpeechDispatcherRenderer.notConnected(CVision_ErrorRefused, address: nil, autospawn: true),
             english: "Speech-dispatcher took the connection but refused this program's requests; restart speech-dispatcher.",
             other: .spanish,
             translated: "Speech-dispatcher aceptó la conexión pero rechazó las peticiones de este programa; reinicie speech-dispatcher."),
        Case(error: SpeechDispatcherRenderer.notConnected(CVision_ErrorInternal, address: nil, autospawn: true),
             english: "Speech-dispatcher could not be used; restart it and try again.",
             other: .french, translated: "Speech-dispatcher n'a pas pu être utilisé ; redémarrez-le et réessayez."),
        Case(error: BrailleRenderer.notConnected(CVision_ErrorNotRunning),
             english: "No braille display: BRLTTY is not running.", other: .german, translated: "Keine Braillezeile: BRLTTY läuft nicht."),
        Case(error: BrailleRenderer.notConnected(CVision_ErrorRefused),
             english: "No braille display: BRLTTY refused this program's BrlAPI key; set BRLAPI_AUTH, or make /etc/brlapi.key readable.",
             other: .spanish,
             translated: "No hay línea braille: BRLTTY rechazó la clave BrlAPI de este programa; defina BRLAPI_AUTH o haga legible /etc/brlapi.key."),
        Case(error: BrailleRenderer.notConnected(CVision_ErrorBadAddress),
             english: "No braille display: the BrlAPI host could not be found; check BRLAPI_HOST.",
             other: .french, translated: "Pas d'afficheur braille : l'hôte BrlAPI est introuvable ; vérifiez BRLAPI_HOST."),
        Case(error: BrailleRenderer.notConnected(CVision_ErrorInternal),
             english: "No braille display: BRLTTY could not be used; restart it and try again.",
             other: .german,
             translated: "Keine Braillezeile: BRLTTY konnte nicht verwendet werden; starten Sie es neu und versuchen Sie es noch einmal."),
        Case(error: BrailleRenderer.notTaken(CVision_ErrorInUse),
             english: "The braille display could not be taken: another program is using it.",
             other: .french, translated: "L'afficheur braille n'a pas pu être réservé : un autre programme l'utilise."),
        Case(error: BrailleRenderer.notTaken(CVision_ErrorInternal),
             english: "The braille display could not be taken; restart BRLTTY and try again.",
             other: .spanish, translated: "No se ha podido tomar el control de la línea braille; reinicie BRLTTY y vuelva a intentarlo."),
    ]

    @Test(arguments: cases)
    func eachCodeIsWordedInTheUsersLanguage(_ example: Case) {
        #expect(Wording.english(example.error.message) == example.english)
        #expect(Wording.loaded(example.other)(example.error.message) == example.translated)
    }

    // MARK: Files, images and engines: an errno worded, a library's text never said

    /// A file the system refuses: the errno is worded by the catalog, in the user's language.
    @Test func anErrnoIsWordedInTheUsersLanguage() {
        let image = ImageError.unreadable(path: "a.jpg", reason: EACCES).message
        #expect(Wording.english(image) == "a.jpg cannot be read (permission denied); check its permissions.")
        #expect(Wording.loaded(.german)(image) == "a.jpg kann nicht gelesen werden (keine Berechtigung); prüfen Sie die Zugriffsrechte.")
        let resume = ResumeError.unwritable(path: "out.jsonl", reason: ENOSPC).message
        #expect(Wording.english(resume).contains("(the disk is full)"), "\(Wording.english(resume))")
        #expect(!Wording.loaded(.french)(resume).contains(String(cString: strerror(ENOSPC))))
    }

    /// What a library or the shim wrote is kept for a developer, and never part of the sentence.
    @Test(arguments: [
        ("SamplingFailure", SamplingFailure(detail: "OpenCV: insufficient memory").message),
        ("OCRError", OCRError.engineFailed(reason: "Tesseract could not recognise the page").message),
        ("SceneTextError", SceneTextError.failed(reason: "the recognizer's output changed shape").message),
        ("CodeError", CodeError.failed(reason: "cv::Exception in detectAndDecode").message),
        ("ModelError", ModelError.unexpectedOutput(path: "m.onnx", detail: "the network's output is not 1 x N x C").message),
    ])
    func aLibrarysTextIsNeverSaid(kind: String, message: Message) {
        for language in Language.allCases {
            let sentence = Wording.loaded(language)(message)
            for word in ["OpenCV", "memory", "recognise", "recognizer", "cv::Exception", "network's output"] {
                #expect(!sentence.contains(word), "\(kind), \(language.code): \(sentence)")
            }
        }
    }

    /// SQLite passes its result code up; the catalog words it, and the shim's file names it.
    @Test func sqlitesResultCodeIsWordedInTheUsersLanguage() throws {
        var handle: OpaquePointer?
        var code: Int32 = 0
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-no-such-\(getpid()).sqlite").path
        let opened = callShim { CVision_sqlite_create(missing, 0, 0, &handle, &code, $0, $1) }
        #expect(opened.status != CVision_OK && handle == nil)
        #expect(SQLiteReason.primary(code) == SQLiteReason.cannotOpen, "\(code)")
        let failed = SQLiteError(operation: .storeSQLiteOpen, code: code, detail: opened.message).message
        #expect(Wording.english(failed) == "SQLite could not open it: the file could not be opened")
        #expect(!Wording.loaded(.german)(failed).contains(opened.message), "\(opened.message)")
        // SQLITE_BUSY_SNAPSHOT (517) is SQLITE_BUSY extended: worded as its primary code.
        let busy = ProductDatabaseError.failed(path: "p.sqlite", code: 517).message
        #expect(Wording.loaded(.spanish)(busy).contains("(otro programa la está usando)"), "\(Wording.loaded(.spanish)(busy))")
        #expect(Wording.loaded(.french)(SQLiteReason.message(SQLiteReason.error)) == "erreur SQLite 1")
    }

    /// A camera's driver call that failed: the error number worded, never strerror's English.
    @Test func aCamerasErrnoIsWordedInTheUsersLanguage() {
        let lost = CaptureError.failed(path: "/dev/video0", operation: "poll", errno: Errno(ETIMEDOUT)).message
        #expect(Wording.english(lost) == "Camera /dev/video0 failed in poll: no answer came in time.")
        #expect(Wording.loaded(.spanish)(lost) == "La cámara /dev/video0 ha fallado en poll: no llegó ninguna respuesta a tiempo.")
        #expect(!Wording.loaded(.german)(lost).contains(String(cString: strerror(ETIMEDOUT))))
        #expect(!Errno(EINVAL).description.contains(String(cString: strerror(EINVAL))))
    }

    /// A file to import that cannot be opened: zlib passes the errno up, the catalog words it.
    @Test func aStreamedFilesErrnoIsWordedInTheUsersLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let error = try #require(throws: FileReadError.self) { try CompressedFileReader(path: folder + "/sensecam-none-\(getpid()).csv.gz") }
        #expect(error.kind == .cannotOpen && error.code == ENOENT)
        let german = Wording.loaded(.german)(error.message)
        #expect(german.contains("(nicht vorhanden)") && !german.contains(String(cString: strerror(ENOENT))), "\(german)")
    }

    /// The shim itself: a call that fails reports the status, and writes no sentence of its own.
    @Test func theShimReportsAStatusNotASentence() throws {
        var handle: OpaquePointer?
        let speech = callShim { CVision_speech_create("sensecam-test", "tcp:nowhere", 0, &handle, $0, $1) }
        #expect(speech.status == CVision_ErrorBadAddress && handle == nil)
        #expect(speech.message.isEmpty, "\(speech.message)")
        let braille = callShim { CVision_braille_create("127.0.0.1:30001", nil, &handle, $0, $1) }
        #expect(braille.status == CVision_ErrorNotRunning && handle == nil)
        #expect(!braille.message.contains("BRLTTY is not running"), "\(braille.message)")
        var bytes: UnsafeMutablePointer<CChar>?
        var length = 0
        let table = callShim { CVision_braille_translate("no-such-table.ctb", "a", &bytes, &length, $0, $1) }
        CVision_buffer_destroy(bytes)
        #expect(table.status == CVision_ErrorNoLanguage)
        #expect(!table.message.contains("could not be loaded"), "\(table.message)")
    }
}
