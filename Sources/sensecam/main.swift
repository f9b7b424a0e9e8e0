import Foundation

exit(Sensecam.run(Array(CommandLine.arguments.dropFirst())))
