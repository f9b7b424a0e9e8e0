// SPDX-License-Identifier: GPL-3.0-or-later
/// A camera as `sensecam devices` lists it.
public struct CameraDescription: Sendable, Equatable {
    public var path: String
    public var name: String
    public var offers: [FormatOffer]
    /// The format and size sensecam would choose.
    public var chosen: CaptureMode?
    /// The frame rates offered in that mode, fastest first (empty when the driver lists none).
    public var chosenRates: [Double]
}

/// Finds the cameras among the video device nodes: nodes that capture pictures (a USB
/// camera also has a metadata node, which does not).
public struct CameraDirectory: Sendable {
    let system: any V4L2System

    public init(system: any V4L2System = KernelV4L2System()) {
        self.system = system
    }

    /// Paths of the nodes that capture, in number order.
    public func cameraPaths() -> [String] {
        system.deviceNodes().filter { path in
            guard let device = try? V4L2Device.open(path, system: system) else { return false }
            defer { device.close() }
            guard let capabilities = try? device.capabilities() else { return false }
            return capabilities.canCapture
        }
    }

    /// Every capturing camera with the formats and sizes it offers; a camera that cannot
    /// be opened now (busy, no permission) is reported by the error instead.
    public func describeAll(wanted: FrameSize = CaptureRequest.defaultSize) -> [Result<CameraDescription, CaptureError>] {
        system.deviceNodes().compactMap { path in
            let device: V4L2Device
            do throws(Errno) { device = try V4L2Device.open(path, system: system) } catch {
                return .failure(CaptureError.from(error, path: path, operation: "open", available: []))
            }
            defer { device.close() }
            guard let capabilities = try? device.capabilities(), capabilities.canCapture else { return nil }
            let offers = (try? Self.offers(of: device)) ?? []
            let chosen = CaptureModeChooser.choose(from: offers, wanted: wanted)
            let rates = chosen.flatMap { try? device.frameRates(for: $0.pixelFormat, size: $0.size) } ?? []
            return .success(CameraDescription(path: path, name: capabilities.card, offers: offers, chosen: chosen,
                                              chosenRates: rates))
        }
    }

    static func offers(of device: V4L2Device) throws(V4L2Error) -> [FormatOffer] {
        var offers: [FormatOffer] = []
        for format in try device.formats() {
            offers.append(FormatOffer(format: format, sizes: try device.frameSizes(for: format.pixelFormat)))
        }
        return offers
    }
}
