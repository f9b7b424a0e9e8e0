// SPDX-License-Identifier: GPL-3.0-or-later
/// The translators' template (`sensecam.pot`), written from en.po. Its ids are names, not
/// English, so each message carries, as extracted comments (`#.`) that `msgmerge` brings into
/// every translation, its group, what it is for and the English words to translate.
enum TranslationTemplate {
    /// The header gettext's tools expect of a template; msginit fills in a new language's values.
    static let header = [
        "Project-Id-Version: sensecam",
        "PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE",
        "Last-Translator: FULL NAME <EMAIL@ADDRESS>",
        "Language-Team: LANGUAGE <LL@li.org>",
        "Language: ",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
    ]

    static func render(_ catalog: EnglishCatalog, from poPath: String) -> String {
        var out = """
        # SPDX-License-Identifier: GPL-3.0-or-later
        # The template of sensecam's catalogs, generated from \(poPath) by `make catalog`:
        # edit en.po, not this file. Each msgid is a name the code uses; the #. comments above it say
        # what the message is for and give its English words. A new language starts with
        # `msginit --input=sensecam.pot --locale=LL`; `make catalog` merges every catalog with this file.
        #
        """
        out += "\n"
        // en.po's opening after its first paragraph (the licence and what en.po is): the syntax
        // of a message, which a translator needs.
        for line in catalog.opening.drop(while: { !$0.isEmpty }).dropFirst() { out += line.isEmpty ? "#\n" : "# \(line)\n" }
        out += "#, fuzzy\nmsgid \"\"\nmsgstr \"\"\n"
        for field in header { out += "\"\(field)\\n\"\n" }
        for message in catalog.messages {
            out += "\n"
            if let group = message.group { out += "#. MARK: \(group)\n" }
            for line in message.note + message.comment { out += line.isEmpty ? "#.\n" : "#. \(line)\n" }
            out += "#. English: \"\(message.english)\"\n"
            out += "msgid \"\(message.id)\"\nmsgstr \"\"\n"
        }
        return out
    }
}
