// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options

exit(Sensecam.run(Array(CommandLine.arguments.dropFirst())))
