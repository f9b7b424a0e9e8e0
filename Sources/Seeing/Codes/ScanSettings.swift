// SPDX-License-Identifier: GPL-3.0-or-later
/// What scanning needs beyond the picture.
public struct ScanSettings: Sendable {
    /// The products database a product code is looked up in; nil for none.
    public var productsDatabase: String?
    /// Say a Wi-Fi code's password (off by default: a code is often read aloud in company).
    public var revealSecrets: Bool

    public init(productsDatabase: String? = nil, revealSecrets: Bool = false) {
        self.productsDatabase = productsDatabase
        self.revealSecrets = revealSecrets
    }
}
