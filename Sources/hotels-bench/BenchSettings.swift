/// How big and how often: the full run that writes BENCHMARKS.md, or the `--quick` smoke
/// pass CI runs in debug (tiny inputs, one run each, no wrk, nothing written).
struct BenchSettings {
    var quick: Bool
    /// Hotels in the parse input (the 100,000: about 46 MB).
    var parseHotels: Int
    var parseRuns: Int
    /// `RoomStay`s in the OpenTravel parse input (the 100,000: about a third as many hotels).
    var otaRoomStays: Int
    /// Hotels in the two memory inputs: about 10 MB and about 100 MB.
    var memoryHotels: (small: Int, large: Int)
    var memoryRuns: Int
    /// Hotels in the served catalog (end to end and browse).
    var catalogHotels: Int
    var endToEndRuns: Int
    /// Hotels in the catalog the server section loads (the spyne reference holds as many).
    var serverHotels: Int
    var wrkSeconds: Int
    var wrkRuns: Int
    /// Frames timed per terminal measurement, and how many times.
    var terminalFrames: Int
    var terminalRuns: Int
    var browseRuns: Int
    /// The demo's first logos drawn as text beside chafa (issue 31 asks for 50).
    var textLogos: Int
    /// Rows `hotels import` writes into the served catalog under load (issue 32 asks for
    /// 1,000,000).
    var importRows: Int

    static let full = BenchSettings(
        quick: false, parseHotels: 100_000, parseRuns: 9, otaRoomStays: 100_000, memoryHotels: (22_000, 220_000), memoryRuns: 3,
        catalogHotels: 100_000, endToEndRuns: 3, serverHotels: 10_000, wrkSeconds: 10, wrkRuns: 3,
        terminalFrames: 200, terminalRuns: 5, browseRuns: 5, textLogos: 50, importRows: 1_000_000)

    static let quickPass = BenchSettings(
        quick: true, parseHotels: 500, parseRuns: 1, otaRoomStays: 1_500, memoryHotels: (500, 5_000), memoryRuns: 1,
        catalogHotels: 2_000, endToEndRuns: 1, serverHotels: 2_000, wrkSeconds: 0, wrkRuns: 0,
        terminalFrames: 10, terminalRuns: 1, browseRuns: 1, textLogos: 8, importRows: 0)
}
