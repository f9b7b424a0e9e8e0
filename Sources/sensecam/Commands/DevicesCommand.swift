import Foundation
import Perception

/// `devices`: the cameras, each with the formats and sizes it offers, in short lines a
/// screen reader reads well.
struct DevicesCommand: Command {
    static let spec = CommandSpec(
        name: "devices",
        abstract: "List the cameras, with the picture formats and sizes each offers.",
        discussion: "Formats that only the conversion library provides are not listed. A camera that cannot be opened now is listed with the reason.",
        options: [OutputOptions.json.spec])

    let printsJSON: Bool

    init(_ command: ParsedCommand) throws(UsageError) {
        printsJSON = OutputOptions.json.isSet(in: command)
    }

    func run(in context: CommandContext) -> Int32 {
        let console = context.console
        let cameras = CameraDirectory(system: context.cameras).describeAll()
        if printsJSON {
            console.print(CameraRecords.list(cameras, wording: .english).serialized())
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
                    console.print("  \(offer.format.pixelFormat): \(offer.sizes.listed(.english)).")
                }
                if let chosen = camera.chosen {
                    let rate = CaptureModeChooser.frameRate(CaptureRequest.defaultFrameRate, offered: camera.chosenRates)
                    let rates = camera.chosenRates.isEmpty ? "" : " at \(Self.rateText(rate)) frames a second"
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
}
