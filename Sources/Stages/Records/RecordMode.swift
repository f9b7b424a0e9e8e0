// SPDX-License-Identifier: GPL-3.0-or-later
/// Which mode wrote an image record, told by the field only that mode's record has (the
/// records carry no mode of their own): `--resume` must not mix one mode's records with
/// another's in one file.
public enum RecordMode {
    /// The field, and the mode (by `Mode.name`) whose record has it.
    static let fields: [(field: String, mode: String)] = [("detections", "aware"), ("lines", "read"), ("codes", "scan")]

    /// The mode that wrote `record`; nil for one that is not an image result (an error, a
    /// video's frame or end record).
    public static func of(_ record: [String: Any]) -> String? {
        fields.first { record[$0.field] != nil }?.mode
    }
}
