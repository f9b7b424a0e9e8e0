import Perception

/// The options that choose and set up a camera, for `aware`, `read` and `check-camera`.
enum CameraOptions {
    static let camera: Option<String?> = .text(
        "camera", value: "device", help: "The camera to use, e.g. /dev/video2 (default: the first one; 'sensecam devices' lists them).",
        expected: "a device path such as \"/dev/video0\"", check: { $0.hasPrefix("/") })
    static let size = Option<FrameSize>(
        "size", value: "WxH", help: "The picture size to ask the camera for.", expected: "a width and height such as 1280x720",
        default: CaptureRequest.defaultSize, shown: CaptureRequest.defaultSize.description, parse: frameSize(_:))
    static let fps: Option<Double> = .number(
        "fps", value: "rate", help: "The frame rate to ask the camera for.", default: CaptureRequest.defaultFrameRate, in: 1...240)
    static let stats = Flag(
        "stats", help: "At the end (and whenever the process gets SIGUSR1), print frames captured, processed and dropped, and latency; at the end, also the sandbox the run was in.")

    static let specs = [camera.spec, size.spec, fps.spec, stats.spec]

    /// "1280x720" (either case of x), each side from 16 to 8192 pixels.
    @Sendable static func frameSize(_ text: String) -> FrameSize? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
              (16...8192).contains(width), (16...8192).contains(height) else { return nil }
        return FrameSize(width: width, height: height)
    }

    /// The camera request the options describe.
    static func request(_ command: ParsedCommand) throws(UsageError) -> CaptureRequest {
        var request = CaptureRequest(path: try camera.value(in: command))
        request.size = try size.value(in: command)
        request.frameRate = try fps.value(in: command)
        return request
    }

    /// Camera options make no sense beside an image or a video; saying so beats ignoring
    /// them. Only the command line counts: a camera in the settings file is for when one is used.
    static func rejectWithoutCamera(_ command: ParsedCommand, source: String) throws(UsageError) {
        if let name = specs.map(\.long).first(where: { command.declares($0) && command.isGiven($0) }) {
            throw UsageError(message: "'--\(name)' applies only to the camera, not to \(source).", path: command.path)
        }
    }
}
