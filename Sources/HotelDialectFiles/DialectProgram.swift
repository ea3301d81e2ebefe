import HotelSOAP

/// Every path of a dialect file compiled for the matcher: names numbered once, so an
/// element's name is looked up once per event and steps compare integers.
struct DialectProgram: Sendable {
    enum Paging: Sendable, Equatable {
        case none, offset, token
    }

    /// The distinct local names the steps use (bytes, as the parser hands names).
    var localNames: [[UInt8]] = []
    /// The distinct namespace URIs the steps use; a step's `uri` k ≥ 1 is `namespaceURIs[k - 1]`.
    var namespaceURIs: [[UInt8]] = []
    var paths: [CompiledPath] = []
    /// Paths that start at a search response's root element.
    var searchRootPaths: [Int] = []
    /// Paths that start at a detail response's root element.
    var detailRootPaths: [Int] = []
    /// Paths that start at each hotel element (fields, group key, decimal places).
    var hotelPaths: [Int] = []
    var searchRoots: [SOAPBodyElement] = []
    var detailRoots: [SOAPBodyElement] = []
    var paging = Paging.none
    var starsConvert = false
    var distanceInMiles = false
    /// `decimalPlaces` given as a number rather than a path.
    var decimalPlacesConstant: Int?
    var hasDecimalPlacesPath = false
    var groupBy = false
    /// Each mapped field's path as written, for messages.
    var fieldPath: [HotelField: String] = [:]
    /// Each mapped field's alternatives as written, in rank order, for `dialect check`.
    var fieldAlternatives: [HotelField: [String]] = [:]

    /// The most alternatives a field may list (a rank fits in four bits of the row's ranks).
    static let maxAlternatives = 15

    /// Adds a path; returns its index.
    mutating func add(_ parsed: ParsedPath, text: String, target: PathTarget, options: PathOptions = PathOptions()) -> Int {
        var steps: [PathStep] = []
        for step in parsed.steps {
            let local = step.local.map { name(Array($0.utf8), in: &localNames) } ?? PathStep.any
            let uri = step.uri.map { name(Array($0.utf8), in: &namespaceURIs) + 1 } ?? 0
            steps.append(PathStep(local: local, uri: uri, position: step.position, descendant: step.descendant))
        }
        let attribute = parsed.attribute.map { PathAttribute(local: Array($0.local.utf8), uri: $0.uri.map { Array($0.utf8) }) }
        paths.append(CompiledPath(steps: steps, attribute: attribute, target: target, text: text, options: options))
        return paths.count - 1
    }

    private func name(_ bytes: [UInt8], in table: inout [[UInt8]]) -> Int {
        if let i = table.firstIndex(of: bytes) { return i }
        table.append(bytes)
        return table.count - 1
    }
}
