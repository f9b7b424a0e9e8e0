import Perception

extension PipelineSettings {
    /// What the command line (and the settings file) ask the pipelines for: the detection,
    /// narration and reading groups, for the commands that take all three (aware, read, batch).
    init(_ command: ParsedCommand) throws(UsageError) {
        let detection = try DetectionOptions(command)
        self.init(detection: detection.detection,
                  narration: try NarrationOptions.policy(command, horizontalFieldOfView: detection.horizontalFieldOfView),
                  language: try ReadingOptions.language.value(in: command),
                  engine: try ReadingOptions.engine.value(in: command),
                  sceneText: SceneTextSettings(model: try ReadingOptions.ocrModel.value(in: command)))
    }
}
