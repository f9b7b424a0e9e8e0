// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Perception

// End-to-end tests: each runs the built `sensecam` binary and checks what a user would
// hear and what a script would see — exit status, standard output, standard error.
//
// Serialized: several runs load the detector or Tesseract, and the OpenMP test watches a
// process's timing; on a two-core machine parallel runs would only slow each other down.

/// A COCO photo: 640 x 426, a TV, chairs, people, and a vase the detector is unsure of.
private let photo = "detect/coco-val/images/000000000139.jpg"
/// A second COCO photo (a bedroom) with books the detector is unsure of.
private let secondPhoto = "detect/coco-val/images/000000000632.jpg"
private let thirdPhoto = "detect/coco-val/images/000000000776.jpg"
/// Tesseract's own test page: "The quick brown dog jumped over the lazy fox."
private let page = "ocr/tesseract/phototest.tif"
/// A real video, and a real folder of images, for mistakes in what a command is pointed at.
private let video = "video/car-detection.mp4"
private let folder = "detect/coco-val/images"
/// A large two-column page that takes Tesseract a few seconds.
private let largePage = "ocr/documents/multicol_01.png"

@Suite(.serialized)
struct CommandLineEndToEndTests {

    // MARK: - Help

    static let rootHelp = """
        OVERVIEW: Hear what a camera sees: hedged descriptions of objects, and text read
        aloud.

        USAGE: sensecam <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          aware                   Narrate the objects the camera sees, or those in a
                                  video or an image, in hedged sentences.
          read                    Read the page held up to the camera, or the text in a
                                  video or an image, aloud, a sentence at a time.
          find                    Find one kind of object with the camera, in a video or
                                  in an image: where it is, then a tick that rises as it
                                  nears the middle.
          scan                    Read barcodes and QR codes: product numbers, web
                                  links, Wi-Fi networks, contacts, text.
          light                   Say how much light there is in an image and where it
                                  mostly comes from.
          colour                  Say the colour of what is at the centre of an image,
                                  in everyday words.
          batch                   Describe, read or scan every image and video in
                                  folders, writing one JSON line per image or video
                                  frame.
          merge                   Join the JSON Lines files of several batch runs into
                                  one file, in the order of a single run.
          bench                   Time the pipeline on a video: speed, latency of each
                                  step, CPU and memory.
          devices                 List the cameras, with the picture formats and sizes
                                  each offers.
          check-camera            Capture from the camera for a moment and say whether
                                  pictures arrive, in what format and how fast.
          products                Build and search a local products database from an
                                  Open Food Facts export.
          teach                   Teach sensecam a thing of your own from a few photos
                                  of it.
          forget                  Delete a thing you taught.
          service                 Start narration when a USB camera is plugged in, and
                                  stop it when it is unplugged.

          See 'sensecam help <subcommand>' for detailed help.
        """

    static let awareHelp = """
        OVERVIEW: Narrate the objects the camera sees, or those in a video or an image,
        in hedged sentences.

        Says only what the detector is reasonably sure of: "Probably" from 70 percent
        confidence, "Possibly" from 45 percent; less certain objects are not spoken. In
        a video each object is announced once, when it has been seen in several frames,
        with its clock direction; again only after it was gone for a while. Objects of
        several kinds that appear together share one utterance, and a person or vehicle
        coming closer is announced first. With no image and no video, the camera is
        narrated live; keys: space repeat, d describe, r read, m switch mode, plus or
        minus verbosity, p pause and q quit.

        USAGE: sensecam aware [<image>] [--json] [--video <file>] [--every-frame]
                 [--captions <file>] [--max-megapixels <n>] [--profile <name>]
                 [--output <channels>] [--voice-rate <n>] [--braille-grade <grade>]
                 [--verbosity <level>] [--describe-every <seconds>]
                 [--return-after <seconds>] [--summary] [--min-confidence <value>]
                 [--model <file>] [--hfov <degrees>] [--input-size <pixels>]
                 [--language <code>] [--camera <device>] [--size <WxH>] [--fps <rate>]
                 [--stats]

        ARGUMENTS:
          <image>                 The image to describe (JPEG, PNG, TIFF, BMP, WebP, PGM
                                  or PPM); without one, the camera.

        OPTIONS:
          --json                  Print one JSON object instead of sentences.
          --video <file>          Narrate this video file instead of describing an
                                  image.
          --every-frame           Process every frame, however long it takes, instead of
                                  keeping up with the video's own pace (for evaluation).
          --captions <file>       Also write the narration as a timed caption track
                                  (.vtt or .srt) in the video's time.
          --max-megapixels <n>    Refuse an image or a video whose pictures hold more
                                  than this many megapixels, before decoding it.
                                  (default: 50)
          --profile <name>        Who is listening, which chooses where narration goes
                                  and how many words it uses: speech for blind, speech
                                  and text for low-vision, terse braille for deafblind,
                                  text and JSON Lines for developer. (values: blind,
                                  low-vision, deafblind, developer)
          --output <channels>     Where narration goes, overriding the profile: text,
                                  jsonl, speech or braille, or several joined by commas.
                                  (default: text)
          --voice-rate <n>        Speech rate from -100 (slowest) to 100 (fastest); 0
                                  keeps the voice's usual rate.
          --braille-grade <grade>
                                  How the braille display writes narration: computer
                                  shows the text in BRLTTY's own table, a character a
                                  cell; uncontracted and contracted write the language's
                                  literary braille (liblouis), without or with
                                  contractions. (values: computer, uncontracted,
                                  contracted) (default: computer)
          --verbosity <level>     How much each sentence says. (values: terse, normal,
                                  detailed) (default: normal, or the profile's)
          --describe-every <seconds>
                                  Also summarise everything in view this often.
          --return-after <seconds>
                                  Announce an object again only after it was out of view
                                  this long. (default: 5)
          --summary               Sum the image up as the d key does on the camera:
                                  first a hedged guess of the place (a kitchen, bedroom,
                                  bathroom, living room, office or street) and its
                                  light, then everything in view, then any signs.
          --min-confidence <value>
                                  Keep detections at or above this confidence, from 0 to
                                  1. Spoken captions use stricter bands. (default: 0.25)
          --model <file>          The YOLOX-Nano ONNX model. (default: $SENSECAM_MODEL,
                                  else the one 'make setup' fetched into Models/, else
                                  the installed
                                  /usr/share/sensecam/models/yolox_nano.onnx)
          --hfov <degrees>        The camera's horizontal field of view, used for
                                  directions. (default: 60)
          --input-size <pixels>   The detector's input size, a multiple of 32: 320 is
                                  faster, 416 finds more small and distant objects.
                                  (default: 416)
          --language <code>       The language sensecam speaks, reads and writes braille
                                  in, its messages too; when not given, the locale's,
                                  else English. (values: en, de, fr, es)
          --camera <device>       The camera to use, such as /dev/video2; 'sensecam
                                  devices' lists them. (default: the first one)
          --size <WxH>            The picture size to ask the camera for.
                                  (default: 1280x720)
          --fps <rate>            The frame rate to ask the camera for. (default: 30)
          --stats                 At the end (and whenever the process gets SIGUSR1),
                                  print frames captured, processed and dropped, and
                                  latency; at the end, also the sandbox the run was in.
          -h, --help              Show help information.
        """

    @Test func rootHelpMatchesSnapshot() throws {
        let run = try SensecamProcess.run(["--help"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == Self.rootHelp + "\n")
        #expect(run.stderr == "", "\(run)")
    }

    @Test func awareHelpMatchesSnapshot() throws {
        let run = try SensecamProcess.run(["aware", "--help"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == Self.awareHelp + "\n")
        #expect(run.stderr == "", "\(run)")
    }

    @Test func helpSubcommandShowsTheSameHelpAsTheFlag() throws {
        let subcommand = try SensecamProcess.run(["help", "batch"])
        let flag = try SensecamProcess.run(["batch", "--help"])
        #expect(subcommand.status == 0, "\(subcommand)")
        #expect(flag.status == 0, "\(flag)")
        #expect(flag.stdout.hasPrefix("OVERVIEW: Describe, read or scan every image and video in"), "\(flag)")
        #expect(flag.stdout.contains("USAGE: sensecam batch <path>... --mode <mode>"), "\(flag)")
        #expect(subcommand.stdout == flag.stdout)
        #expect(subcommand.stderr == "" && flag.stderr == "")
    }

    /// `devices` works without a camera: one plain sentence, success.
    @Test func devicesWithoutACameraSaysSo() throws {
        let run = try SensecamProcess.run(["devices"])
        #expect(run.status == 0)
        #expect(run.stdout == "No camera found.\n")
        #expect(run.stderr.isEmpty)
        let json = try SensecamProcess.run(["devices", "--json"])
        #expect(json.stdout == "{\"cameras\":[]}\n")
    }

    @Test func versionIsPrinted() throws {
        let run = try SensecamProcess.run(["--version"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "sensecam 0.1.0\n")
        #expect(run.stderr == "")
    }

    /// With no subcommand: what sensecam is, the commands most used and where the rest are
    /// described, in three lines a listener hears whole (not the 60 of the help), in the
    /// locale's language; still a usage error: on standard error, exit status 64.
    @Test(arguments: ["C.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "es_ES.UTF-8"])
    func bareCommandSaysWhatItIsAndWhereHelpIs(locale: String) throws {
        let run = try SensecamProcess.run([], environment: ["LANG": locale])
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout == "", "\(run)")
        let wording = (Language(code: locale) ?? .english).wording
        #expect(run.stderrLines == [wording(.helpSensecam), wording(.usageIntroCommands), wording(.usageIntroMore)], "\(run)")
        #expect(run.stderr.contains("'sensecam --help'") && run.stderr.contains("'man sensecam'"), "\(run)")
        if locale == "C.UTF-8" {
            #expect(run.stderrLines == [
                "Hear what a camera sees: hedged descriptions of objects, and text read aloud.",
                "Most used: 'sensecam aware' says what is around you, 'sensecam read' reads a page aloud, 'sensecam find cup' finds one thing, 'sensecam scan' reads a barcode.",
                "Every command and option: 'sensecam --help', or 'man sensecam'.",
            ], "\(run)")
        }
        // A group without its subcommand still lists its few subcommands.
        let products = try SensecamProcess.run(["products"], environment: ["LANG": locale])
        #expect(products.status == 64 && products.stderr.contains("import") && products.stderr.contains("lookup"), "\(products)")
    }

    // MARK: - Bad input

    /// One mistake a user can make, and the one sentence (or usage report) it must get.
    struct BadInput: Sendable, CustomTestStringConvertible {
        /// Files made in the test's temporary folder before the run.
        enum Fixture: Sendable {
            /// Bytes that are nothing in particular (fixed, so every run sees the same file).
            case randomBytes(String)
            /// The first half of a real JPEG, as left by an interrupted copy.
            case truncatedJPEG(String)
            /// A text file with an image's name.
            case textFile(String)
            /// A valid PNG of one pixel.
            case onePixelPNG(String)
            /// A real JPEG with a run of its compressed data overwritten.
            case corruptJPEG(String)
            /// The first half of the project's sample page (a PNG).
            case truncatedPNG(String)
            /// The first part of a real TIFF page.
            case truncatedTIFF(String)
            case emptyFolder(String)
            /// A folder holding only two .txt files.
            case folderOfNotes(String)
        }

        enum Report: Sendable {
            /// Exactly one line: one sentence ending in a full stop.
            case sentence
            /// Exactly one line, `Error: <one sentence> See '<command> --help'.`: no usage line.
            case usage(command: String)
        }

        var name: String
        var fixtures: [Fixture] = []
        /// `{tmp}` is the temporary folder; `{photo}`, `{page}`, `{video}` and `{folder}` shared data.
        var arguments: [String]
        var environment: [String: String] = [:]
        var status: Int32
        var report: Report
        /// Phrases the report must contain: what is wrong, and how to fix it.
        var phrases: [String]

        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "missing model",
                 arguments: ["aware", "{photo}", "--model", "/nonexistent/yolox.onnx"],
                 status: 1, report: .sentence,
                 phrases: ["not found", "/nonexistent/yolox.onnx", "make setup", "--model"]),
        BadInput(name: "corrupt model", fixtures: [.randomBytes("broken.onnx")],
                 arguments: ["aware", "{photo}", "--model", "{tmp}/broken.onnx"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/broken.onnx", "damaged", "make setup"]),
        BadInput(name: "missing tessdata", fixtures: [.emptyFolder("tessdata")],
                 arguments: ["read", "{page}"], environment: ["TESSDATA_PREFIX": "{tmp}/tessdata"],
                 status: 1, report: .sentence,
                 phrases: ["'eng'", "missing", "{tmp}/tessdata", "sudo apt install tesseract-ocr-eng", "TESSDATA_PREFIX"]),
        BadInput(name: "aware on a path that does not exist",
                 arguments: ["aware", "{tmp}/no-such-photo.jpg"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/no-such-photo.jpg does not exist", "check the path"]),
        BadInput(name: "read on a path that does not exist",
                 arguments: ["read", "{tmp}/no-such-page.png"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/no-such-page.png does not exist", "check the path"]),
        BadInput(name: "batch on a path that does not exist",
                 arguments: ["batch", "{tmp}/no-such-folder", "--mode", "aware"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/no-such-folder does not exist", "check the path"]),
        BadInput(name: "batch on a folder without images", fixtures: [.folderOfNotes("notes")],
                 arguments: ["batch", "{tmp}/notes", "--mode", "aware"],
                 status: 1, report: .sentence,
                 phrases: ["No images found in {tmp}/notes", "2 other files skipped", ".jpg", ".png"]),
        BadInput(name: "truncated JPEG", fixtures: [.truncatedJPEG("cut.jpg")],
                 arguments: ["aware", "{tmp}/cut.jpg"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/cut.jpg", "cut short", "save the file again"]),
        BadInput(name: "truncated JPEG read", fixtures: [.truncatedJPEG("cut.jpg")],
                 arguments: ["read", "{tmp}/cut.jpg"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/cut.jpg", "cut short"]),
        BadInput(name: "text file named .png", fixtures: [.textFile("notes.png")],
                 arguments: ["aware", "{tmp}/notes.png"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/notes.png", "could not be decoded", "JPEG, PNG"]),
        // Each image library prints its own complaint to stderr; only our sentence may remain.
        BadInput(name: "corrupt JPEG", fixtures: [.corruptJPEG("garbled.jpg")],
                 arguments: ["aware", "{tmp}/garbled.jpg"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/garbled.jpg", "damaged", "save the file again"]),
        BadInput(name: "truncated PNG", fixtures: [.truncatedPNG("half.png")],
                 arguments: ["read", "{tmp}/half.png"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/half.png", "could not be decoded", "damaged"]),
        BadInput(name: "truncated TIFF", fixtures: [.truncatedTIFF("half.tif")],
                 arguments: ["read", "{tmp}/half.tif"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/half.tif", "could not be decoded"]),
        BadInput(name: "1x1 image", fixtures: [.onePixelPNG("dot.png")],
                 arguments: ["aware", "{tmp}/dot.png"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/dot.png", "1 by 1 pixels", "too small", "at least 16 pixels"]),
        BadInput(name: "1x1 image read", fixtures: [.onePixelPNG("dot.png")],
                 arguments: ["read", "{tmp}/dot.png"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/dot.png", "too small"]),
        // No camera exists on these machines (the vivid tests give one inside a VM). A mode
        // that reads pictures says how to name one instead.
        BadInput(name: "no camera",
                 arguments: ["aware"],
                 status: 1, report: .sentence,
                 phrases: ["No camera found", "plug one in", "name an image, as in 'sensecam aware photo.jpg'", "--video"]),
        BadInput(name: "no camera to read with",
                 arguments: ["read"],
                 status: 1, report: .sentence,
                 phrases: ["No camera found; plug one in, or name an image, as in 'sensecam read page.png', or a recording with --video."]),
        BadInput(name: "no camera to find with",
                 arguments: ["find", "cell phone"],
                 status: 1, report: .sentence,
                 phrases: ["as in 'sensecam find \"cell phone\" photo.jpg'"]),
        BadInput(name: "camera that does not exist",
                 arguments: ["read", "--camera", "/dev/video9"],
                 status: 1, report: .sentence,
                 phrases: ["Camera /dev/video9 does not exist", "plug one in"]),
        BadInput(name: "camera option beside an image",
                 arguments: ["aware", "{photo}", "--fps", "10"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["'--fps' applies only to the camera, not to an image."]),
        BadInput(name: "summary of the camera",
                 arguments: ["aware", "--summary"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["'--summary' sums up one image: give an image, or press d while the camera runs."]),
        BadInput(name: "camera size that is not a size",
                 arguments: ["read", "--size", "big"],
                 status: 64, report: .usage(command: "sensecam read"),
                 phrases: ["'--size'", "a width and height such as 1280x720", "'big'"]),
        BadInput(name: "unknown option",
                 arguments: ["aware", "{photo}", "--jsn"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["Unknown option '--jsn'; did you mean '--json'?"]),
        BadInput(name: "unknown subcommand",
                 arguments: ["awre"],
                 status: 64, report: .usage(command: "sensecam"),
                 phrases: ["Unknown subcommand 'awre'; did you mean 'aware'?"]),
        BadInput(name: "help for a mistyped subcommand",
                 arguments: ["redd", "--help"],
                 status: 64, report: .usage(command: "sensecam"),
                 phrases: ["Unknown subcommand 'redd'; did you mean 'read'?"]),
        BadInput(name: "invalid value",
                 arguments: ["aware", "{photo}", "--min-confidence", "2"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["'--min-confidence' must be a number from 0 to 1", "got '2'"]),
        BadInput(name: "batch without --mode",
                 arguments: ["batch", "{tmp}"],
                 status: 64, report: .usage(command: "sensecam batch"),
                 phrases: ["Missing", "--mode <mode>"]),
        BadInput(name: "batch with an unknown mode",
                 arguments: ["batch", "{tmp}", "--mode", "fly"],
                 status: 64, report: .usage(command: "sensecam batch"),
                 phrases: ["'--mode' does not take 'fly'; it takes aware, read, scan."]),
        BadInput(name: "video that does not exist",
                 arguments: ["aware", "--video", "{tmp}/no-such-clip.mp4"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/no-such-clip.mp4 does not exist", "check the path"]),
        BadInput(name: "text file as a video", fixtures: [.textFile("clip.mp4")],
                 arguments: ["aware", "--video", "{tmp}/clip.mp4"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/clip.mp4 could not be opened as a video", "MP4"]),
        BadInput(name: "image and video together",
                 arguments: ["aware", "{photo}", "--video", "{video}"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["Give the image {photo} or --video, not both."]),
        // Mistakes in what a command is pointed at: each one sentence and exit 64.
        BadInput(name: "a still image as the video",
                 arguments: ["aware", "--video", "{photo}"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["{photo} is a still image; leave out --video."]),
        BadInput(name: "a video as the image",
                 arguments: ["read", "{video}"],
                 status: 64, report: .usage(command: "sensecam read"),
                 phrases: ["{video} is a video; give it with --video."]),
        BadInput(name: "a folder for a mode batch has",
                 arguments: ["scan", "{folder}"],
                 status: 64, report: .usage(command: "sensecam scan"),
                 phrases: ["{folder} is a folder; 'sensecam batch --mode scan {folder}' goes through the images and videos in it."]),
        BadInput(name: "a folder as the video",
                 arguments: ["aware", "--video", "{folder}"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["{folder} is a folder; 'sensecam batch --mode aware {folder}'"]),
        // batch has no light mode: the advice must not send the user there.
        BadInput(name: "light on a folder",
                 arguments: ["light", "{folder}"],
                 status: 64, report: .usage(command: "sensecam light"),
                 phrases: ["{folder} is a folder, and 'light' looks at one image at a time; name an image in it."]),
        BadInput(name: "colour on a folder",
                 arguments: ["colour", "{folder}"],
                 status: 64, report: .usage(command: "sensecam colour"),
                 phrases: ["{folder} is a folder, and 'colour' looks at one image at a time"]),
        BadInput(name: "--json with --output jsonl",
                 arguments: ["aware", "{photo}", "--json", "--output", "jsonl"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["Give '--json' or '--output', not both: each chooses what is printed."]),
        BadInput(name: "--json with --output speech on a picture",
                 arguments: ["light", "{photo}", "--output", "speech", "--json"],
                 status: 64, report: .usage(command: "sensecam light"),
                 phrases: ["Give '--json' or '--output', not both"]),
        // A misspelt value gets what it got and the likely one, as a misspelt option does.
        BadInput(name: "misspelt profile",
                 arguments: ["aware", "{photo}", "--profile", "lowvision"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["'--profile' does not take 'lowvision'; did you mean 'low-vision'?"]),
        BadInput(name: "a profile with no likely match",
                 arguments: ["read", "{page}", "--profile", "sighted"],
                 status: 64, report: .usage(command: "sensecam read"),
                 phrases: ["'--profile' does not take 'sighted'; it takes blind, low-vision, deafblind, developer."]),
        BadInput(name: "check-camera's old --output",
                 arguments: ["check-camera", "--output", "jsonl"],
                 status: 64, report: .usage(command: "sensecam check-camera"),
                 phrases: ["Unknown option '--output'; did you mean '--jsonl'?"]),
        // A typed barcode with a slip is said, not looked up.
        BadInput(name: "barcode with a wrong check digit",
                 arguments: ["products", "lookup", "4006381333932", "--products-db", "{tmp}/none.sqlite"],
                 status: 64, report: .usage(command: "sensecam products lookup"),
                 phrases: ["'4006381333932' is not a valid barcode: its last digit does not match the others"]),
        BadInput(name: "barcode of the wrong length",
                 arguments: ["products", "lookup", "40063813339", "--products-db", "{tmp}/none.sqlite"],
                 status: 64, report: .usage(command: "sensecam products lookup"),
                 phrases: ["'40063813339' has 11 digits, and a product barcode has 8, 12, 13 or 14"]),
        BadInput(name: "barcode too short",
                 arguments: ["products", "lookup", "17", "--products-db", "{tmp}/none.sqlite"],
                 status: 64, report: .usage(command: "sensecam products lookup"),
                 phrases: ["'17' has 2 digits, and a product barcode has 8, 12, 13 or 14"]),
        BadInput(name: "every-frame without a video",
                 arguments: ["aware", "{photo}", "--every-frame"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["'--every-frame' applies only to --video."]),
        BadInput(name: "read: video that does not exist",
                 arguments: ["read", "--video", "{tmp}/no-such-page.mp4"],
                 status: 1, report: .sentence,
                 phrases: ["{tmp}/no-such-page.mp4 does not exist", "check the path"]),
        BadInput(name: "read: every-frame without a video",
                 arguments: ["read", "{page}", "--every-frame"],
                 status: 64, report: .usage(command: "sensecam read"),
                 phrases: ["'--every-frame' applies only to --video."]),
        BadInput(name: "read: short text of a picture",
                 arguments: ["read", "{page}", "--short"],
                 status: 64, report: .usage(command: "sensecam read"),
                 phrases: ["'--short' applies to the camera and --video; a picture is read whole."]),
        BadInput(name: "unknown verbosity",
                 arguments: ["aware", "--video", "{tmp}/clip.mp4", "--verbosity", "chatty"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["'--verbosity' does not take 'chatty'; it takes terse, normal, detailed."]),
        BadInput(name: "input size not a multiple of 32",
                 arguments: ["aware", "{photo}", "--input-size", "330"],
                 status: 64, report: .usage(command: "sensecam aware"),
                 phrases: ["'--input-size' must be a multiple of 32 from 128 to 1280, such as 320 or 416; got '330'."]),
        BadInput(name: "input size too small for the network's strides",
                 arguments: ["batch", "{photo}", "--mode", "aware", "--input-size", "96"],
                 status: 64, report: .usage(command: "sensecam batch"),
                 phrases: ["'--input-size' must be a multiple of 32 from 128 to 1280"]),
    ]

    @Test(.needsTestData("detect/coco-val"), arguments: badInputs)
    func badInputGetsOneSentenceAndTheRightStatus(_ input: BadInput) throws {
        try withTemporaryFolder { tmp in
            let photoPath = try SharedTestData.path(photo)
            let pagePath = try SharedTestData.path(page)
            let videoPath = try SharedTestData.path(video)
            let folderPath = try SharedTestData.path(folder)
            let places = [("{tmp}", tmp.path), ("{photo}", photoPath), ("{page}", pagePath), ("{video}", videoPath),
                          ("{folder}", folderPath)]
            func expand(_ text: String) -> String {
                places.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
            }
            for fixture in input.fixtures { try make(fixture, in: tmp) }

            let run = try SensecamProcess.run(
                input.arguments.map(expand),
                environment: input.environment.mapValues { expand($0) })

            #expect(run.status == input.status, "\(run)")
            #expect(run.stdout == "", "\(run)")
            #expect(run.stderr.hasSuffix("\n"), "\(run)")
            let lines = run.stderrLines
            switch input.report {
            case .sentence:
                try #require(lines.count == 1, "stderr must be one sentence on one line: \(run)")
                let sentence = lines[0]
                #expect(sentence.hasSuffix("."), "\(run)")
                #expect(!sentence.contains(". ") && !sentence.contains("? ") && !sentence.contains("! "),
                        "stderr must be one sentence: \(run)")
            case .usage(let command):
                try #require(lines.count == 1, "a usage error is one line, without the usage: \(run)")
                let pointer = " See '\(command) --help'."
                #expect(lines[0].hasPrefix("Error: ") && lines[0].hasSuffix(pointer), "\(run)")
                let sentence = String(lines[0].dropFirst("Error: ".count).dropLast(pointer.count))
                #expect(sentence.hasSuffix(".") || sentence.hasSuffix("?"), "\(run)")
                #expect(!sentence.contains(". ") && !sentence.contains("? ") && !sentence.contains("! "),
                        "one sentence before the pointer: \(run)")
                // Bounded, paths apart: the whole line, not a list of every option, is what is heard.
                let shortened = places.reversed().reduce(lines[0]) { $0.replacingOccurrences(of: $1.1, with: $1.0) }
                #expect(shortened.count <= 200, "\(shortened.count) characters: \(run)")
            }
            for phrase in input.phrases.map(expand) {
                #expect(run.stderr.contains(phrase), "stderr should say \"\(phrase)\": \(run)")
            }
        }
    }

    // MARK: - Batch

    /// Two photos, a cut-short JPEG and a text file named .png (interleaved in sorted
    /// order, so the order of records is checked against two workers), plus notes.txt.
    private func makeMixedFolder(in tmp: URL) throws -> (folder: URL, expected: [(name: String, ok: Bool)]) {
        let folder = tmp.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try SharedTestData.path(secondPhoto),
                                         toPath: folder.appendingPathComponent("a-bedroom.jpg").path)
        try make(.truncatedJPEG("b-cut.jpg"), in: folder)
        try FileManager.default.copyItem(atPath: try SharedTestData.path(thirdPhoto),
                                         toPath: folder.appendingPathComponent("c-bears.jpg").path)
        try make(.textFile("d-not-a-picture.png"), in: folder)
        try Data("Taken on holiday.\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        return (folder, [("a-bedroom.jpg", true), ("b-cut.jpg", false), ("c-bears.jpg", true), ("d-not-a-picture.png", false)])
    }

    /// Checks the records of the mixed folder: one JSON object a line, in sorted path order,
    /// full records for the photos and an `error` sentence for the two bad files.
    private func checkMixedRecords(_ lines: [String], folder: URL, expected: [(name: String, ok: Bool)],
                                   run: SensecamRun) throws {
        try #require(lines.count == 4, "one line per image: \(run)")
        let sources = try lines.map { try jsonObject($0)["source"] as? String }
        #expect(sources == expected.map { folder.appendingPathComponent($0.name).path }, "\(run)")
        #expect(sources.compactMap { $0 } == sources.compactMap { $0 }.sorted())
        for (line, item) in zip(lines, expected) {
            let record = try jsonObject(line)
            if item.ok {
                #expect(record["error"] == nil, "\(item.name): \(line)")
                #expect(record["detections"] is [Any], "\(item.name): \(line)")
                #expect(record["captions"] is [Any], "\(item.name): \(line)")
            } else {
                let error = try #require(record["error"] as? String, "\(item.name) should get an error record: \(line)")
                #expect(error.hasSuffix("."), "\(line)")
                #expect(error.contains(item.name), "\(line)")
                #expect(record["detections"] == nil && record["captions"] == nil, "\(line)")
                #expect(Set(record.keys) == ["source", "error"], "\(line)")
            }
        }
    }

    @Test func batchWritesOneRecordPerImageToTheOutputFile() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let (folder, expected) = try makeMixedFolder(in: tmp)
            let out = tmp.appendingPathComponent("records.jsonl")
            let run = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--jobs", "2", "--out", out.path])

            #expect(run.status == 1, "a batch with unreadable images fails: \(run)")
            #expect(run.stdout == "", "records go to --out, not stdout: \(run)")
            #expect(run.stderrLines.count == 1, "\(run)")
            #expect(run.stderr.hasPrefix("Batch complete. 4 images, 2 could not be read, 1 other file skipped."), "\(run)")

            let written = try String(contentsOf: out, encoding: .utf8)
            #expect(written.hasSuffix("\n"))
            let lines = written.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            try checkMixedRecords(lines, folder: folder, expected: expected, run: run)
        }
    }

    @Test func batchWithoutOutWritesRecordsToStandardOutput() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let (folder, expected) = try makeMixedFolder(in: tmp)
            let run = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--jobs", "2"])

            #expect(run.status == 1, "\(run)")
            #expect(run.stderrLines.count == 1, "only the summary goes to stderr: \(run)")
            #expect(run.stderr.hasPrefix("Batch complete. 4 images, 2 could not be read, 1 other file skipped."), "\(run)")
            try checkMixedRecords(run.stdoutLines, folder: folder, expected: expected, run: run)
        }
    }

    @Test func batchReadModeReadsThePage() throws {
        try withTemporaryFolder { tmp in
            try FileManager.default.copyItem(atPath: try SharedTestData.path(page),
                                             toPath: tmp.appendingPathComponent("phototest.tif").path)
            let run = try SensecamProcess.run(["batch", tmp.path, "--mode", "read"])

            #expect(run.status == 0, "\(run)")
            #expect(run.stderr == "Batch complete. 1 image.\n", "\(run)")
            try #require(run.stdoutLines.count == 1, "\(run)")
            let record = try jsonObject(run.stdoutLines[0])
            #expect(record["source"] as? String == tmp.appendingPathComponent("phototest.tif").path)
            let text = try #require(record["text"] as? String, "\(run)")
            #expect(text.contains("quick brown dog"), "\(run)")
            #expect(record["lines"] is [Any], "\(run)")
        }
    }

    // MARK: - aware

    @Test func awareJSONDescribesThePhoto() throws {
        try SensecamProcess.requireModel()
        let path = try SharedTestData.path(photo)
        let run = try SensecamProcess.run(["aware", path, "--json"])

        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "", "\(run)")
        try #require(run.stdoutLines.count == 1, "one JSON object on one line: \(run)")
        let line = run.stdoutLines[0]
        let record = try jsonObject(line)

        // Keys in the documented order (JSONSerialization forgets order, so read the text).
        let keys = ["source", "width", "height", "detections", "captions"]
        #expect(Set(record.keys) == Set(keys), "\(line)")
        let positions = keys.map { line.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(line)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "keys out of order: \(line)")
        #expect(line.hasPrefix("{\"source\":"), "\(line)")

        #expect(record["source"] as? String == path)
        #expect(number(record["width"]) == 640)
        #expect(number(record["height"]) == 426)
        let detections = try parseDetections(record, line: line)
        #expect(!detections.isEmpty, "\(line)")
        for detection in detections {
            #expect(detection.confidence >= 0.25, "below the default --min-confidence: \(detection)")
            #expect(detection.confidence <= 1, "\(detection)")
        }
        let captions = try #require(record["captions"] as? [[String: Any]], "\(line)")
        #expect(!captions.isEmpty, "\(line)")
        #expect(captions.allSatisfy { $0["text"] is String }, "\(line)")
    }

    @Test func higherMinConfidenceKeepsASubset() throws {
        try SensecamProcess.requireModel()
        let path = try SharedTestData.path(photo)
        let all = try SensecamProcess.run(["aware", path, "--json"])
        let strict = try SensecamProcess.run(["aware", path, "--json", "--min-confidence", "0.5"])
        #expect(all.status == 0, "\(all)")
        #expect(strict.status == 0, "\(strict)")

        let allDetections = try parseDetections(try jsonObject(all.stdout), line: all.stdout)
        let strictDetections = try parseDetections(try jsonObject(strict.stdout), line: strict.stdout)
        #expect(strictDetections.allSatisfy { $0.confidence >= 0.5 }, "\(strict)")
        // Exactly the default's detections at or above 0.5 — and this photo has some below.
        #expect(strictDetections == allDetections.filter { $0.confidence >= 0.5 }, "\(all)\n\(strict)")
        #expect(strictDetections.count < allDetections.count, "\(all)")
        #expect(!strictDetections.isEmpty, "\(strict)")
    }

    /// A smaller input runs the network on fewer pixels: it must still find the photo's clear
    /// objects, in the photo's own pixels, and differ from the default (else the size was ignored).
    @Test func inputSizeChangesTheNetworksInputNotTheBoxesFrame() throws {
        try SensecamProcess.requireModel()
        let path = try SharedTestData.path(photo)
        let standard = try SensecamProcess.run(["aware", path, "--json"])
        let small = try SensecamProcess.run(["aware", path, "--json", "--input-size", "320"])
        #expect(standard.status == 0, "\(standard)")
        #expect(small.status == 0, "\(small)")
        let standardDetections = try parseDetections(try jsonObject(standard.stdout), line: standard.stdout)
        let smallDetections = try parseDetections(try jsonObject(small.stdout), line: small.stdout)
        #expect(!smallDetections.isEmpty, "\(small)")
        #expect(smallDetections != standardDetections, "--input-size 320 gave exactly the 416 result")
        // The most confident object at 320 is found at 416 too, in the same place (IoU ≥ 0.7).
        let best = try #require(smallDetections.max { $0.confidence < $1.confidence })
        #expect(standardDetections.contains { $0.label == best.label && overlap($0.box, best.box) >= 0.7 },
                "\(best) not among \(standardDetections)")
    }

    @Test(.needsTestData("detect/coco-val"), arguments: [photo, secondPhoto])
    func awareSentencesAreHedgedAndSkipUnsureObjects(_ relative: String) throws {
        try SensecamProcess.requireModel()
        let path = try SharedTestData.path(relative)
        let plain = try SensecamProcess.run(["aware", path])
        let json = try SensecamProcess.run(["aware", path, "--json"])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.stderr == "", "\(plain)")
        #expect(json.status == 0, "\(json)")

        let lines = plain.stdoutLines
        #expect(!lines.isEmpty, "\(plain)")
        let meta: Set = ["Other objects too.", "Nothing recognised with confidence."]
        // Kinds sharing an hour open with it: "At 12 o'clock, possibly a person and a clock."
        let sharedHour = #"^At \d+ o'clock, (probably|possibly) "#
        for line in lines {
            #expect(line.hasPrefix("Probably ") || line.hasPrefix("Possibly ") || meta.contains(line)
                    || line.range(of: sharedHour, options: .regularExpression) != nil,
                    "unhedged sentence: \(line)")
        }

        // The spoken sentences are the JSON captions, and each is as sure as its hedge says.
        let record = try jsonObject(json.stdout)
        let captions = try #require(record["captions"] as? [[String: Any]], "\(json)")
        #expect(captions.compactMap { $0["text"] as? String } == lines, "\(plain)\n\(json)")
        for caption in captions {
            let text = caption["text"] as? String ?? ""
            let confidence = number(caption["confidence"]) ?? -1
            if text.hasPrefix("Probably ") { #expect(confidence >= 0.70, "\(text) at \(confidence)") }
            if text.hasPrefix("Possibly ") { #expect(confidence >= 0.45 && confidence < 0.70, "\(text) at \(confidence)") }
            // A shared hour's sentence is as sure as its surest kind: "probably" only if one is.
            if text.hasPrefix("At ") {
                #expect(text.contains("probably") == (confidence >= 0.70) && confidence >= 0.45, "\(text) at \(confidence)")
            }
        }

        // Objects found only below 0.45 are not spoken at all. Both photos have one (a vase,
        // books), so this check is never empty.
        let detections = try parseDetections(record, line: json.stdout)
        let best = Dictionary(detections.map { ($0.label, $0.confidence) }, uniquingKeysWith: { max($0, $1) })
        let unsure = best.filter { $0.value < 0.45 }.map(\.key)
        #expect(!unsure.isEmpty, "expected an object below 0.45 in \(relative): \(json)")
        // Whole words only, so an unsure "car" is not found in "carrot".
        let spoken = " " + String(plain.stdout.lowercased().map { $0.isLetter ? $0 : " " }) + " "
        for label in unsure {
            let forms = [label, label + "s", label + "es"] + (label == "person" ? ["people"] : [])
            for form in forms {
                #expect(!spoken.contains(" \(form) "), "'\(label)' is below 0.45 but spoken: \(plain)")
            }
        }
    }

    // MARK: - read

    @Test func readSpeaksTheLinesThenTheEndOfPage() throws {
        let run = try SensecamProcess.run(["read", try SharedTestData.path(page)])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "", "\(run)")
        let lines = run.stdoutLines
        try #require(lines.count >= 2, "\(run)")
        #expect(lines.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(run)")
        #expect(lines.last!.hasPrefix("End of page:"), "\(run)")
        #expect(lines.dropLast().contains { $0.contains("quick brown dog") }, "\(run)")
    }

    // MARK: - OpenMP threads

    /// Tesseract's OpenMP loops ask for up to ten threads, which made a page five to eight
    /// times slower on two cores; the shim keeps them on the thread that reads, whatever
    /// `OMP_THREAD_LIMIT` says. A dense page runs those loops on every text line, a blank one
    /// never: libgomp's team threads would show up only in the first. The blank page is read
    /// as far as the dense one (a white page, not one too small to read), so every other thread
    /// a read starts (the signal watcher's among them) is counted in both.
    @Test(.needsTestData("ocr/documents"), arguments: [nil, "4"] as [String?])
    func tesseractsOpenMPLoopsStayOnTheReadingThread(inherited: String?) throws {
        try withTemporaryFolder { tmp in
            let blank = tmp.appendingPathComponent("blank.pgm")
            try (Data("P5\n640 480\n255\n".utf8) + Data(repeating: 255, count: 640 * 480)).write(to: blank)
            let dense = try mostThreads(reading: try SharedTestData.path(largePage), inherited: inherited)
            let none = try mostThreads(reading: blank.path, inherited: inherited)
            // One more is allowed: OpenCV's thread pool may wake for the large image only.
            #expect(dense <= none + 1, "reading a dense page used \(dense) threads, a blank one \(none)")
        }
    }

    /// The most threads `sensecam read PATH` had at once, sampled every millisecond.
    private func mostThreads(reading path: String, inherited: String?) throws -> Int {
        let running = try SensecamProcess.start(["read", path], environment: ["OMP_THREAD_LIMIT": inherited])
        var most = 0
        while running.isRunning, let count = threadCount(pid: running.pid) {
            most = max(most, count)
            usleep(1_000)
        }
        let run = try running.wait(timeout: 300)
        #expect(run.status == 0 || path.hasSuffix("blank.png"), "\(run)")
        return most
    }
}

// MARK: - Helpers

/// One detection as the JSON record gives it.
private struct ParsedDetection: Equatable, CustomStringConvertible {
    var label: String
    var confidence: Double
    var box: [Double]
    var description: String { "\(label) \(confidence) \(box)" }
}

private func jsonObject(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(value as? [String: Any], "not a JSON object: \(line)")
}

/// JSONSerialization gives integers as Int and fractions as Double (or NSNumber).
private func number(_ value: Any?) -> Double? {
    switch value {
    case let value as Int: Double(value)
    case let value as Double: value
    case let value as NSNumber: value.doubleValue
    default: nil
    }
}

/// The record's detections; each must have a label, a confidence and a box of 4 numbers.
private func parseDetections(_ record: [String: Any], line: String) throws -> [ParsedDetection] {
    let items = try #require(record["detections"] as? [[String: Any]], "no detections array: \(line)")
    return try items.map { item in
        #expect(Set(item.keys) == ["label", "confidence", "box"], "\(item)")
        let label = try #require(item["label"] as? String, "\(item)")
        let confidence = try #require(number(item["confidence"]), "\(item)")
        let box = try #require(item["box"] as? [Any], "\(item)").compactMap(number)
        #expect(box.count == 4, "a box is x, y, width, height: \(item)")
        return ParsedDetection(label: label, confidence: confidence, box: box)
    }
}

/// Intersection over union of two [x, y, width, height] boxes.
private func overlap(_ a: [Double], _ b: [Double]) -> Double {
    let width = max(0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    let height = max(0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    let shared = width * height
    return shared / (a[2] * a[3] + b[2] * b[3] - shared)
}

/// A 1 x 1 pixel RGB PNG, written out by hand (signature, IHDR, IDAT, IEND with CRCs).
private let onePixelPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00,
    0x00, 0x03, 0x01, 0x01, 0x00, 0xC9, 0xFE, 0x92, 0xEF, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
    0x44, 0xAE, 0x42, 0x60, 0x82,
]

/// Makes a fixture file or folder inside `folder`.
private func make(_ fixture: CommandLineEndToEndTests.BadInput.Fixture, in folder: URL) throws {
    switch fixture {
    case .randomBytes(let name):
        // SplitMix64 from a fixed seed: noise, but the same noise every run.
        var state: UInt64 = 0x5E45_ECA7
        var bytes: [UInt8] = []
        for _ in 0..<512 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            bytes += withUnsafeBytes(of: z) { Array($0) }
        }
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    case .truncatedJPEG(let name):
        let whole = try Data(contentsOf: URL(fileURLWithPath: try SharedTestData.path(photo)))
        try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent(name))
    case .corruptJPEG(let name):
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try SharedTestData.path(photo))))
        let start = bytes.count * 4 / 10
        for index in start..<(start + 1000) { bytes[index] = 0x55 }
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    case .truncatedPNG(let name):
        let sample = SensecamProcess.packageRoot.appendingPathComponent("samples/welcome-page.png")
        let whole = try Data(contentsOf: sample)
        try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent(name))
    case .truncatedTIFF(let name):
        let whole = try Data(contentsOf: URL(fileURLWithPath: try SharedTestData.path("ocr/tesseract/phototest.tif")))
        try whole.prefix(whole.count / 3).write(to: folder.appendingPathComponent(name))
    case .textFile(let name):
        try Data("Shopping list: milk, bread, eggs.\n".utf8).write(to: folder.appendingPathComponent(name))
    case .onePixelPNG(let name):
        try Data(onePixelPNG).write(to: folder.appendingPathComponent(name))
    case .emptyFolder(let name):
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    case .folderOfNotes(let name):
        let notes = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("First note.\n".utf8).write(to: notes.appendingPathComponent("one.txt"))
        try Data("Second note.\n".utf8).write(to: notes.appendingPathComponent("two.txt"))
    }
}
