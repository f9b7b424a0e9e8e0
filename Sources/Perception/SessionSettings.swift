// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Seeing
import Narration
import Stages

/// Everything a session's stages are built from, as a command's options (and the settings file)
/// give it. One value serves every mode, so a live session's modes share it: what the user
/// configured for awareness still holds after switching to it from reading.
public struct SessionSettings: Sendable {
    public var detection: DetectionSettings
    /// Narration's rules: verbosity, field of view, when to announce again, summaries.
    public var narration: NarrationPolicy
    /// The language everything is worded, read and spoken in: Tesseract's model and the
    /// words come from it, so they cannot disagree.
    public var language: Language
    /// Which engine reads a still picture.
    public var engine: ReadingEngine
    /// The scene engine's model and limits.
    public var sceneText: SceneTextSettings
    /// Scanning codes: the products database, and whether secrets (Wi-Fi passwords) are said.
    public var scan: ScanSettings = ScanSettings()
    /// The words every stage speaks in, loaded once per run (`Language.wording`).
    public var wording: Wording { language.wording }

    public init(detection: DetectionSettings = DetectionSettings(), narration: NarrationPolicy = NarrationPolicy(),
                language: Language = .english, engine: ReadingEngine = .auto, sceneText: SceneTextSettings = SceneTextSettings()) {
        self.detection = detection
        self.narration = narration
        self.language = language
        self.engine = engine
        self.sceneText = sceneText
    }
}
