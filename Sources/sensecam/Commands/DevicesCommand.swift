// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

/// `devices`: the cameras, each with the formats and sizes it offers, in short lines a
/// screen reader reads well.
struct DevicesCommand: Command {
    static let spec = CommandSpec(
        name: "devices",
        abstract: Message(.helpDevices),
        discussion: Message(.helpDevicesDiscussion),
        options: [OutputOptions.jsonSpec])

    let printsJSON: Bool

    init(_ command: ParsedCommand) throws(UsageError) {
        printsJSON = try OutputOptions(command).json
    }

    func run(in context: SessionContext) -> Int32 {
        let console = context.console
        let cameras = CameraDirectory(system: context.cameras).describeAll()
        if printsJSON {
            console.print(CameraRecords.list(cameras, wording: .english).serialized())
            return 0
        }
        let wording = context.wording
        if cameras.isEmpty { console.print(wording(.devicesNone)) }
        for camera in cameras {
            switch camera {
            case .failure(let error):
                console.print(error.description)
            case .success(let camera):
                console.print(wording(.devicesCamera, ["path": .text(camera.path), "name": .text(camera.name)]))
                // Each line under a camera is indented, so a screen reader user hears where the camera's list ends.
                for offer in camera.offers where !offer.format.isEmulated {
                    console.print("  " + wording(.devicesOffer, ["format": .text("\(offer.format.pixelFormat)"),
                                                             "sizes": .text(offer.sizes.listed(wording))]))
                }
                if let chosen = camera.chosen {
                    let rate = CaptureModeChooser.frameRate(CaptureRequest.defaultFrameRate, offered: camera.chosenRates)
                    let rates: MessageArgument = camera.chosenRates.isEmpty ? .text("")
                        : .message(Message(.devicesRate, ["rate": .text(Self.rateText(rate))]))
                    console.print("  " + wording(.devicesUses, ["format": .text("\(chosen.pixelFormat)"), "size": .text("\(chosen.size)"),
                                                            "rates": rates]))
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
