// SPDX-License-Identifier: GPL-3.0-or-later
/// The Swift enum of message ids, written from en.po: one case per message in the catalog's
/// order, its groups as MARKs, its comment and English words as the case's doc comment, so the
/// code that says a message shows what it says.
enum MessageIDSource {
    static func render(_ catalog: EnglishCatalog, from poPath: String) -> String {
        var out = """
        // SPDX-License-Identifier: GPL-3.0-or-later
        // Generated from \(poPath) by `make catalog`: edit en.po, then run it; a test fails
        // when this file is out of step with en.po.

        /// Every message sensecam can say, print or show, by the id its catalogs know it by (the
        /// case's name). The words said are the catalogs' (`Sources/Catalogs/*.po`); a case's doc
        /// comment only repeats en.po's, for a reader of the code. Tests check that each id has its
        /// words in every language, and that each is used.
        public enum MessageID: String, Sendable, CaseIterable {
        """
        for message in catalog.messages {
            out += "\n"
            if let group = message.group { out += "    // MARK: \(group)\n\n" }
            for line in message.note { out += line.isEmpty ? "    //\n" : "    // \(line)\n" }
            if !message.note.isEmpty { out += "\n" }
            for line in message.comment { out += line.isEmpty ? "    ///\n" : "    /// \(line)\n" }
            out += "    ///\n    /// English: \"\(message.english)\"\n"
            out += "    case \(message.id)\n"
        }
        out += "}\n"
        return out
    }
}
