import Perception

extension PipelineSettings {
    /// What the command line (and the settings file) ask the pipelines for: the detection,
    /// narration and reading groups, for the commands that take all three (aware, read, batch);
    /// the picture options (`--engine`, `--ocr-model`) where the command declares them.
    init(_ command: ParsedCommand) throws(UsageError) {
        let detection = try DetectionOptions(command)
        self.init(detection: detection.detection,
                  narration: try NarrationOptions.policy(command, horizontalFieldOfView: detection.horizontalFieldOfView),
                  language: try ReadingOptions.language.value(in: command),
                  engine: try ReadingOptions.engine.valueIfDeclared(in: command),
                  sceneText: SceneTextSettings(model: try ReadingOptions.ocrModel.valueIfDeclared(in: command)))
    }
}
