// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

enum Version {
    static let current = "0.1.0"
}
