// SPDX-License-Identifier: GPL-3.0-or-later
import CVision

/// Calls a shim function that reports failure as a status plus a message in a buffer,
/// and hands both back as Swift values. Package-wide: every target that calls the shim uses
/// it, and so do the test hooks' Swift wrappers (CameraTestSupport, not part of the product).
package func callShim(_ body: (UnsafeMutablePointer<CChar>, Int) -> CVision_Status) -> (status: CVision_Status, message: String) {
    let capacity = 512
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
        buffer[0] = 0
        let status = body(buffer.baseAddress!, capacity)
        let message = String(cString: buffer.baseAddress!)
        return (status, message)
    }
}
