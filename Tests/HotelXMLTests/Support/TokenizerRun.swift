import CXMLTok

/// Runs the tokenizer (`CXMLTok`) over a document fed in given pieces and records what it
/// reported: events as short strings (`<{uri}name a=value>`, `</>`, text joined between
/// tags), and the error, if any.
final class TokenizerRun {
    private(set) var events: [String] = []
    private var text: [UInt8] = []
    private(set) var error: String?
    private(set) var errorAtEnd = false
    private(set) var doctype = false
    /// Events reported by the end of each `feed`, by piece.
    private(set) var eventsAfterPiece: [Int] = []

    init(_ pieces: [[UInt8]], limits: (Int, Int, Int) = (0, 0, 0)) {
        var callbacks = hs_tok_callbacks()
        callbacks.start = { user, local, uri, count, attributes in
            let run = Unmanaged<TokenizerRun>.fromOpaque(user!).takeUnretainedValue()
            run.flush()
            var event = "<" + (uri.map { "{\(String(cString: $0))}" } ?? "") + String(cString: local!)
            for i in 0..<Int(count) {
                let a = attributes! + i * 5
                let name = (a[2].map { "{\(String(cString: $0))}" } ?? "") + String(cString: a[0]!)
                let value = String(decoding: UnsafeBufferPointer(start: a[3], count: a[4]! - a[3]!), as: UTF8.self)
                event += " \(name)=\(value)"
            }
            run.events.append(event + ">")
        }
        callbacks.end = { user in
            let run = Unmanaged<TokenizerRun>.fromOpaque(user!).takeUnretainedValue()
            run.flush()
            run.events.append("</>")
        }
        callbacks.characters = { user, bytes, count in
            Unmanaged<TokenizerRun>.fromOpaque(user!).takeUnretainedValue().text += UnsafeBufferPointer(start: bytes, count: Int(count))
        }
        callbacks.doctype = { user in
            let run = Unmanaged<TokenizerRun>.fromOpaque(user!).takeUnretainedValue()
            run.doctype = true
        }
        let tokenizer = hs_tok_create(&callbacks, Unmanaged.passUnretained(self).toOpaque())!
        defer { hs_tok_free(tokenizer) }
        hs_tok_set_limits(tokenizer, limits.0, limits.1, limits.2)
        var ended = false
        for piece in pieces where !ended {
            ended = piece.withUnsafeBytes { hs_tok_feed(tokenizer, $0.baseAddress, $0.count) } != 0
            eventsAfterPiece.append(events.count)
        }
        if !ended { hs_tok_finish(tokenizer) }
        flush()
        var line: UInt = 0
        var column: UInt = 0
        var atEnd: Int32 = 0
        if let message = hs_tok_error(tokenizer, &line, &column, &atEnd) {
            error = "\(String(cString: message)) (\(line):\(column))"
            errorAtEnd = atEnd != 0
        }
    }

    convenience init(_ document: String, pieceSize: Int = .max) {
        let bytes = Array(document.utf8)
        let size = min(pieceSize, max(bytes.count, 1))
        self.init(stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) })
    }

    private func flush() {
        guard !text.isEmpty else { return }
        events.append(String(decoding: text, as: UTF8.self))
        text = []
    }
}
