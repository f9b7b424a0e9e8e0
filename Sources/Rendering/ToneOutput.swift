// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// Where a `CuePlayer` sends its samples: the sound device, or a recording (`RecordedToneOutput`)
/// so tests can hear what would have played and when. Called only from the player's thread.
public protocol ToneOutput: AnyObject, Sendable {
    /// Samples a second of what `write` takes (16-bit mono).
    var sampleRate: Int { get }
    /// Hands samples to the device, blocking while its buffer is full; false once the device has
    /// failed, after which nothing more is played.
    func write(_ samples: [Int16]) -> Bool
    /// Drops what was written and not yet heard.
    func flush()
    /// Releases the device; nothing is played afterwards.
    func close()
}

/// The sound device, through pcaudiolib (PulseAudio or PipeWire, else ALSA): a stream of its own,
/// mixed with speech by the sound server.
public final class SoundDeviceToneOutput: ToneOutput, @unchecked Sendable {
    // Safe: after `init`, used only from the player's thread; `handle` changes only in `close`.
    private var handle: OpaquePointer?
    public let sampleRate: Int

    /// Opens `device` (nil: the default sound device; else a PulseAudio sink or ALSA device name);
    /// throws one sentence when it cannot.
    public init(device: String? = nil, sampleRate: Int = ToneSynthesis.sampleRate) throws(RendererError) {
        var handle: OpaquePointer?
        let result = callShim { CVision_tone_device_create(device, Int32(sampleRate), &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else { throw Self.notOpened(result.status) }
        self.handle = handle
        self.sampleRate = sampleRate
    }

    /// Why the sound device could not be opened, worded from the shim's status.
    static func notOpened(_ status: CVision_Status) -> RendererError {
        RendererError(status == CVision_ErrorNoSoundDevice ? .tonesNoSoundDevice : .tonesSoundDeviceFailed)
    }

    deinit { close() }

    public func write(_ samples: [Int16]) -> Bool {
        guard let handle else { return false }
        return samples.withUnsafeBufferPointer { buffer in
            callShim { CVision_tone_device_write(handle, buffer.baseAddress, buffer.count, $0, $1) }.status == CVision_OK
        }
    }

    public func flush() {
        if let handle { CVision_tone_device_flush(handle) }
    }

    public func close() {
        CVision_tone_device_destroy(handle)
        handle = nil
    }
}
