// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

import Options
@testable import sensecam

// The generated completions run in the real shells: each accepts its file, and bash and fish
// (which can be asked for completions without a terminal) offer what `--help` lists.

private let bashScript = bashCompletion(root: Sensecam.root)
private let fishScript = fishCompletion(root: Sensecam.root)

/// The script written to a temporary file, for a shell to source.
private func scratchFile(_ name: String, _ text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-completions-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
}

private func shell(_ name: String) throws -> URL {
    for folder in ["/usr/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return URL(fileURLWithPath: "\(folder)/\(name)")
    }
    throw EndToEndFailure(description: "\(name) is not installed; run 'make test-packages' (it is in the Makefile's TEST_PACKAGES).")
}

/// What bash's completion function offers for `words`, the last being the word under the cursor.
private func bashCompletes(_ words: [String], in folder: URL? = nil) throws -> [String] {
    let script = try scratchFile("sensecam.bash", bashScript)
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let program = """
        source '\(script.path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        _sensecam
        printf '%s\\n' "${COMPREPLY[@]}"
        """
    let run = try SensecamProcess.run(["--noprofile", "--norc", "-c", program], workingDirectory: folder, program: try shell("bash"))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    return run.stdoutLines.filter { !$0.isEmpty }
}

/// What fish offers for the command line `line` (the cursor at its end), candidates only.
private func fishCompletes(_ line: String, in folder: URL? = nil) throws -> [String] {
    let script = try scratchFile("sensecam.fish", fishScript)
    let run = try SensecamProcess.run(["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"],
                                      workingDirectory: folder, program: try shell("fish"))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    return run.stdoutLines.map { String($0.prefix { $0 != "\t" }) }
}

/// Every command path with the long options its help lists.
private let commandsAndOptions: [(path: [String], options: [String], subcommands: [String])] =
    visibleCommands(Sensecam.root).map { path, command in
        (path, command.optionsWithBuiltIns(isRoot: path.count == 1).map { "--" + $0.long },
         command.visibleSubcommands.map(\.name))
    }

@Suite(.serialized) struct ShellCompletionTests {
    @Test func eachShellAcceptsItsFile() throws {
        let bash = try SensecamProcess.run(["-n", try scratchFile("check.bash", bashScript).path], program: try shell("bash"))
        #expect(bash.status == 0 && bash.stderr.isEmpty, "\(bash)")
        let zsh = try SensecamProcess.run(["-n", try scratchFile("_sensecam", zshCompletion(root: Sensecam.root)).path],
                                          program: try shell("zsh"))
        #expect(zsh.status == 0 && zsh.stderr.isEmpty, "\(zsh)")
        let fish = try SensecamProcess.run(["--no-execute", try scratchFile("check.fish", fishScript).path], program: try shell("fish"))
        #expect(fish.status == 0 && fish.stderr.isEmpty, "\(fish)")
    }

    @Test func bashOffersEveryOptionAndSubcommandOfEachCommand() throws {
        for (path, options, subcommands) in commandsAndOptions {
            let offeredOptions = try bashCompletes(path + ["--"])
            #expect(Set(options).isSubset(of: offeredOptions), "\(path): \(offeredOptions)")
            if !subcommands.isEmpty {
                #expect(try bashCompletes(path + [""]) == subcommands, "\(path)")
            }
        }
    }

    @Test func bashCompletesNestedSubcommandsAllowedValuesAndFiles() throws {
        #expect(try bashCompletes(["sensecam", "products", "im"]) == ["import"])
        #expect(try bashCompletes(["sensecam", "rea"]) == ["read"])
        #expect(!(try bashCompletes(["sensecam", "gen"])).contains("generate-docs"))
        // A value option's allowed values, after skipping other options and their values.
        let modes = try #require(BatchCommand.BatchOptions.option("mode").spec.allowedValues)
        #expect(try bashCompletes(["sensecam", "batch", "--jobs", "2", "--mode", ""]) == modes)
        // bash splits "--mode=" at the "=" (COMP_WORDBREAKS).
        #expect(try bashCompletes(["sensecam", "batch", "--mode", "=", ""]) == modes)
        // File names for an image argument and for a file option.
        let folder = try scratchFile("page.png", "").deletingLastPathComponent()
        #expect(try bashCompletes(["sensecam", "read", "pag"], in: folder) == ["page.png"])
        #expect(try bashCompletes(["sensecam", "batch", "--out", "pag"], in: folder) == ["page.png"])
        // A value that is neither a file nor from a list is left to the user.
        #expect(try bashCompletes(["sensecam", "batch", "--jobs", ""], in: folder) == [])
    }

    @Test func fishOffersEveryOptionAndSubcommandOfEachCommand() throws {
        for (path, options, subcommands) in commandsAndOptions {
            let offeredOptions = try fishCompletes(path.joined(separator: " ") + " --")
            #expect(Set(options).isSubset(of: offeredOptions), "\(path): \(offeredOptions)")
            if !subcommands.isEmpty {
                // fish sorts what it offers.
                #expect(try fishCompletes(path.joined(separator: " ") + " ") == subcommands.sorted(), "\(path)")
            }
        }
    }

    @Test func fishCompletesNestedSubcommandsAllowedValuesAndFiles() throws {
        #expect(try fishCompletes("sensecam products im") == ["import"])
        #expect(try fishCompletes("sensecam batch --jobs 2 --mode ") == (try #require(BatchCommand.BatchOptions.option("mode").spec.allowedValues)))
        let folder = try scratchFile("page.png", "").deletingLastPathComponent()
        #expect(try fishCompletes("sensecam read pag", in: folder) == ["page.png"])
        #expect(try fishCompletes("sensecam gen").isEmpty)
    }
}
