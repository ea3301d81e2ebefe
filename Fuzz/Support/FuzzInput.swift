import HotelSOAP

/// One fuzz input: the first byte picks how the rest is cut into chunks, so libFuzzer
/// explores chunk boundaries as it explores content, and a crash file replays exactly.
struct FuzzInput {
    /// The bytes a peer would send.
    let body: [UInt8]
    /// 0 feeds the body whole; any other value seeds the chunk sizes.
    let splitSeed: UInt8

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        let all = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
        splitSeed = all.first ?? 0
        body = Array(all.dropFirst())
    }

    /// The body cut as a network would cut it. Most chunks are a few bytes, so boundaries
    /// land inside names, references and multi-byte characters; a few are large, so the
    /// parser also sees whole tags together with cut ones.
    var chunks: [ArraySlice<UInt8>] {
        guard splitSeed != 0 else { return [body[...]] }
        var random = SplitMix(seed: UInt64(splitSeed))
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        while start < body.count {
            let roll = random.next()
            let size = 1 + Int(roll % (UInt64(1) << (roll >> 60 & 0x0F)))
            let end = min(body.count, start + size)
            chunks.append(body[start..<end])
            start = end
        }
        return chunks
    }
}

/// SplitMix64: a fixed sequence per seed, so a crash file replays the same cuts.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Two readings of the same bytes disagree: libFuzzer stops on the trap and saves the
/// input, exactly as for a crash.
func violated(_ what: String, _ input: FuzzInput) -> Never {
    fatalError("fuzz invariant violated: \(what) (split seed \(input.splitSeed), \(input.body.count) body bytes)")
}

/// Whether two outcomes of parsing the same bytes agree: the same message, or errors of
/// the same kind (the line may legitimately differ by where a cut made libxml2 stop).
func sameOutcome(_ a: Result<SOAPEnvelope, any Error>, _ b: Result<SOAPEnvelope, any Error>) -> Bool {
    switch (a, b) {
    case (.success(let x), .success(let y)): return x == y
    case (.failure(let x as SOAPParseError), .failure(let y as SOAPParseError)): return sameFailure(x, y)
    default: return false
    }
}

/// Two errors for the same bytes agree when they are of one kind, with one exception.
/// libxml2 converts a declared encoding other than UTF-8 ahead of the parse, as far as
/// bytes have arrived: a byte it cannot convert is found before an earlier fault (an
/// unknown operation, say) when the body came whole, after it in chunks. Both readings
/// fail on a fault that is there; which comes first is libxml2's read-ahead, not ours.
func sameFailure(_ a: SOAPParseError, _ b: SOAPParseError) -> Bool {
    a.kind == b.kind || isConversionFailure(a) || isConversionFailure(b)
}

private func isConversionFailure(_ error: SOAPParseError) -> Bool {
    guard error.kind == .malformed else { return false }
    return ["switching encoding", "encoder error", "input conversion failed", "Unsupported encoding"].contains {
        error.reason.contains($0)
    }
}

extension Result where Success == SOAPEnvelope, Failure == any Error {
    var summary: String {
        switch self {
        case .success(let envelope): return "\(envelope.version) \(envelope.message.kindName)"
        case .failure(let error): return "\(type(of: error)): \(error)"
        }
    }
}
