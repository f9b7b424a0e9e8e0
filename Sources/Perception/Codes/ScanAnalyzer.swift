/// `scan IMAGE`: every code in one still, each said in one sentence (a product code followed
/// by what the products database says of it, when there is one), and the record `--json` and
/// `batch --mode scan` write.
public final class ScanAnalyzer: ImageAnalyzer {
    let reader = CodeReader()
    /// The products database's sentence for a product number, when one is open.
    let products: (@Sendable (String) -> String?)?
    let revealSecrets: Bool
    let sentences: CodeSentences

    /// `products` words its sentences itself, in the same language as `wording`.
    public init(wording: Wording, products: (@Sendable (String) -> String?)? = nil, revealSecrets: Bool = false) {
        self.products = products
        self.revealSecrets = revealSecrets
        sentences = CodeSentences(wording: wording)
    }

    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let scan = try reader.scan(image, effort: .still, candidates: false)
        var events: [NarrationEvent] = []
        var records: [JSONValue] = []
        let language = sentences.wording.language
        for code in scan.codes {
            let sentence = sentences.sentence(for: code, revealSecrets: revealSecrets)
            var product: String?
            if code.format.isProductCode, let products { product = products(code.text) }
            events.append(NarrationEvent(time: .zero, frame: 0, kind: .text, priority: .message, text: sentence, language: language))
            if let product {
                events.append(NarrationEvent(time: .zero, frame: 0, kind: .text, priority: .message, text: product, language: language))
            }
            records.append(ResultRecord.code(code, spoken: sentence, product: product))
        }
        if scan.codes.isEmpty {
            events = [NarrationEvent(time: .zero, frame: 0, kind: .status, priority: .message, text: sentences.noneRead,
                                     language: language)]
        }
        let record = JSONValue.object([
            ("source", .string(source)),
            ("width", .integer(image.width)),
            ("height", .integer(image.height)),
            ("codes", .array(records)),
        ])
        return ImageAnalysis(record: record, events: events)
    }
}

extension ResultRecord {
    /// `{"format", "text", "spoken", "box", "corners", "product"}` for one code read.
    static func code(_ code: ScannedCode, spoken: String, product: String?) -> JSONValue {
        .object([
            ("format", .string(code.format.rawValue)),
            ("text", .string(code.text)),
            ("spoken", .string(spoken)),
            ("box", box(code.box)),
            ("corners", .array(code.corners.flatMap { [$0.x, $0.y] }.map { .number($0, decimals: pixelDecimals) })),
            ("product", product.map { .string($0) } ?? .null),
        ])
    }
}
