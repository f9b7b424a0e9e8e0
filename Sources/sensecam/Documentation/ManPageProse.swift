import Perception

/// The man page's sections that no option table holds: what the tool is for, its exit
/// statuses, files, environment and examples. The statuses come from the constants the
/// dispatch returns, so they cannot drift either.
enum ManPageProse {
    static let description = """
        sensecam lets a blind or low-vision person point a USB camera at the world and hear what is there: \
        objects in hedged sentences, printed pages and scene text read aloud, barcodes and QR codes, \
        light and colour. It speaks through speech-dispatcher or writes to a braille display through BRLTTY, \
        and works on a live camera, a recorded video, single images or whole folders. \
        Each subcommand has its own options; options are not inherited from the tool to its subcommands. \
        The root command takes only these:
        """

    static let exitStatus: [(term: String, text: String)] = [
        ("0", "Success."),
        ("1", "A runtime failure, said in one sentence that names the fix (a camera that cannot be opened, a missing model)."),
        ("\(Sensecam.usageExitCode)", "A usage error: an unknown option, a missing argument or a value that is not allowed."),
        ("\(Sensecam.channelLostExitCode)", "The run finished, but speech-dispatcher or BRLTTY stopped during it and narration went elsewhere for a while."),
        ("\(SettingsError.exitCode)", "The settings file cannot be used; the message names the key and the fix."),
    ]

    static var files: [(term: String, text: String)] { [
        ("$XDG_CONFIG_HOME/sensecam/config.json", "The settings file (else ~/.config/sensecam/config.json): one JSON object such as {\"profile\": \"blind\"}. Each key stands in for its option where the command line does not give it: "
            + UserSettings.entries.map { "\($0.key) (--\($0.option))" }.joined(separator: ", ") + "."),
        ("$XDG_DATA_HOME/sensecam/products.sqlite", "The local products database 'sensecam products import' builds (else ~/.local/share/sensecam/products.sqlite)."),
        ("/usr/share/sensecam/models", "The detector and scene-text models of an installed package; a build tree uses its Models/ folder."),
        ("/usr/share/sensecam/samples", "Sample images of an installed package, such as welcome-page.png."),
    ] }

    static let environment: [(term: String, text: String)] = [
        ("SENSECAM_MODEL", "The YOLOX-Nano detector model to use instead of the installed one."),
        ("SENSECAM_SCENE_MODELS", "The folder of the PP-OCR scene-text models, instead of ppocr/ beside the detector model."),
        ("TESSDATA_PREFIX", "The folder of Tesseract's language data (default /usr/share/tesseract-ocr/5/tessdata)."),
        ("XDG_CONFIG_HOME, XDG_DATA_HOME, HOME", "Where the settings file and the products database are looked for."),
        ("SPEECHD_ADDRESS", "Read by speech-dispatcher's client library: the speech server to connect to."),
        ("BRLAPI_HOST", "Read by BRLTTY's client library: the braille server to connect to."),
    ]

    static let examples: [(what: String, command: String)] = [
        ("Narrate what the camera sees; h lists the keys, q quits:", "sensecam aware"),
        ("Read a page held up to the camera, or in an image:", "sensecam read /usr/share/sensecam/samples/welcome-page.png"),
        ("Describe every image in a folder as JSON Lines:", "sensecam batch --mode aware --out photos.jsonl ~/Pictures"),
        ("Scan a barcode and look it up in the local products database:", "sensecam scan"),
    ]
}
