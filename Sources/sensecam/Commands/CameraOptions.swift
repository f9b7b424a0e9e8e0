import Perception

/// The options that choose and set up a camera, shared by `aware`, `read` and `check-camera`.
enum CameraOptions {
    static let camera = OptionSpec.option(
        "camera", value: "device", help: "The camera to use, e.g. /dev/video2 (default: the first one; 'sensecam devices' lists them).")
    static let size = OptionSpec.option("size", value: "WxH", help: "The picture size to ask the camera for.",
                                        default: CaptureRequest.defaultSize.description)
    static let fps = OptionSpec.option("fps", value: "rate", help: "The frame rate to ask the camera for.", default: "30")
    static let stats = OptionSpec.flag(
        "stats", help: "At the end (and whenever the process gets SIGUSR1), print frames captured, processed and dropped, and latency.")

    static let all = [camera, size, fps, stats]

    /// The camera request the options describe.
    static func request(_ command: ParsedCommand) throws(UsageError) -> CaptureRequest {
        var request = CaptureRequest(path: command.value("camera"))
        if let text = command.value("size") {
            let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (16...8192).contains(parts[0]), (16...8192).contains(parts[1]) else {
                throw .invalidValue("--size", expected: "a width and height such as 1280x720", got: text, path: command.path)
            }
            request.size = FrameSize(width: parts[0], height: parts[1])
        }
        request.frameRate = try command.double("fps", in: 1...240) ?? CaptureRequest.defaultFrameRate
        return request
    }

    /// Camera options make no sense beside an image or a video; saying so beats ignoring them.
    static func rejectWithoutCamera(_ command: ParsedCommand, source: String) throws(UsageError) {
        let given = ["camera", "size", "fps"].filter { !command.values($0).isEmpty } + (command.flag("stats") ? ["stats"] : [])
        if let name = given.first {
            throw UsageError(message: "'--\(name)' applies only to the camera, not to \(source).", path: command.path)
        }
    }
}
