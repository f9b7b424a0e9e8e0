extension Mode {
    /// Scanning: barcodes and 2-D codes said in words, once each; guidance while one is only
    /// glimpsed; a product code followed by what the products database says of it.
    public static let scan = Mode(
        name: "scan", announcement: .modeScanning, group: .identifying, standsInFor: nil, batches: true,
        note: { _ in nil },
        makeStage: { settings, _ in try Pipelines.scanning(settings) },
        makeStill: { settings in
            ScanAnalyzer(products: try Pipelines.productLookup(settings), revealSecrets: settings.scan.revealSecrets)
        })
}
