import Foundation

OpenMPThreadLimit.applyBeforeLibrariesStart()
exit(Sensecam.run(Array(CommandLine.arguments.dropFirst())))
