// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Why the detector could not start. Each description is one sentence with the fix.
public enum ModelError: WordedError, Equatable {
    case missing(searched: [String])
    case unreadable(path: String, reason: String)
    /// The network failed to run; `detail` is the inference library's own text, for a developer, never said.
    case unexpectedOutput(path: String, detail: String)
    /// The network gives an output of another shape than YOLOX-Nano's.
    case wrongShape(path: String, rows: Int, columns: Int, expectedRows: Int, expectedColumns: Int)

    public var message: Message {
        switch self {
        case .missing(let searched) where searched.count == 1:
            Message(.modelNotFound, ["path": .text(searched[0])])
        case .missing(let searched):
            Message(.modelNotFoundAnywhere, ["file": .text(ModelLocator.fileName), "searched": .text(searched.joined(separator: ", "))])
        case .unreadable(let path, _):
            Message(.modelDamaged, ["path": .text(path)])
        case .unexpectedOutput(let path, _):
            Message(.modelNotYOLOX, ["path": .text(path)])
        case .wrongShape(let path, let rows, let columns, let expectedRows, let expectedColumns):
            Message(.modelWrongShape, ["path": .text(path), "rows": .integer(rows), "columns": .integer(columns),
                                       "expectedRows": .integer(expectedRows), "expectedColumns": .integer(expectedColumns)])
        }
    }
}
