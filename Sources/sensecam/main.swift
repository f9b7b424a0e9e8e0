import Foundation
import Options

exit(Sensecam.run(Array(CommandLine.arguments.dropFirst())))
