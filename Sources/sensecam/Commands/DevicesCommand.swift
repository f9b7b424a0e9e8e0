import Foundation
import Perception

/// `devices`: the cameras, each with the formats and sizes it offers, in short lines a
/// screen reader reads well.
enum DevicesCommand {
    static let spec = CommandSpec(
        name: "devices",
        abstract: "List the cameras, with the picture formats and sizes each offers.",
        discussion: "Formats that only the conversion library provides are not listed. A camera that cannot be opened now is listed with the reason.",
        options: [CommonOptions.json])

    static func run(_ command: ParsedCommand, console: Console, system: any V4L2System = KernelV4L2System()) -> Int32 {
        let cameras = CameraDirectory(system: system).describeAll()
        if command.flag("json") {
            console.print(JSONValue.object([("cameras", .array(cameras.map(json)))]).serialized())
            return 0
        }
        if cameras.isEmpty { console.print("No camera found.") }
        for camera in cameras {
            switch camera {
            case .failure(let error):
                console.print(error.description)
            case .success(let camera):
                console.print("\(camera.path): \(camera.name).")
                for offer in camera.offers where !offer.format.isEmulated {
                    console.print("  \(offer.format.pixelFormat): \(sizes(offer.sizes)).")
                }
                if let chosen = camera.chosen {
                    let rate = CaptureModeChooser.frameRate(CaptureRequest.defaultFrameRate, offered: camera.chosenRates)
                    let rates = camera.chosenRates.isEmpty ? "" : " at \(rateText(rate)) frames a second"
                    console.print("  sensecam uses \(chosen.pixelFormat) \(chosen.size)\(rates).")
                }
            }
        }
        return 0
    }

    /// "30", or "7.5" for a rate that is not whole.
    static func rateText(_ rate: Double) -> String {
        rate == rate.rounded() ? String(Int(rate)) : String(format: "%.1f", rate)
    }

    static func sizes(_ sizes: FrameSizes) -> String {
        switch sizes {
        case .discrete(let list): list.sorted { $0.area > $1.area }.map(\.description).joined(separator: ", ")
        case .stepwise(let minimum, let maximum, _): "any size from \(minimum) to \(maximum)"
        }
    }

    static func json(_ camera: Result<CameraDescription, CaptureError>) -> JSONValue {
        switch camera {
        case .failure(let error):
            return .object([("error", .string(error.description))])
        case .success(let camera):
            let formats = camera.offers.filter { !$0.format.isEmulated }.map { offer in
                JSONValue.object([("format", .string(offer.format.pixelFormat.description)),
                                  ("sizes", .string(sizes(offer.sizes)))])
            }
            return .object([
                ("path", .string(camera.path)), ("name", .string(camera.name)), ("formats", .array(formats)),
                ("chosen", camera.chosen.map { .string("\($0.pixelFormat) \($0.size)") } ?? .null),
            ])
        }
    }
}
