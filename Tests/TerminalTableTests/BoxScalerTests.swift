import Testing

@testable import TerminalTable

@Suite struct BoxScalerTests {
    @Test func transparentNeighboursDoNotDarkenColour() {
        // Opaque red next to transparent black: half covered, still pure red.
        let scaled = BoxScaler.scale(rgba: [255, 0, 0, 255, 0, 0, 0, 0], width: 2, height: 1, toWidth: 1, toHeight: 1)
        #expect(scaled == [255, 0, 0, 128])
    }

    @Test func unevenRatiosWeighPartialPixels() {
        // Three pixels into two: the middle one counts half for each.
        let row: [UInt8] = [0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]
        let scaled = BoxScaler.scale(rgba: row, width: 3, height: 1, toWidth: 2, toHeight: 1)
        #expect(scaled == [30, 30, 30, 255, 150, 150, 150, 255])
    }

    @Test func enlargingRepeatsPixels() {
        let scaled = BoxScaler.scale(rgba: [9, 8, 7, 255], width: 1, height: 1, toWidth: 3, toHeight: 2)
        #expect(scaled == Array([[UInt8]](repeating: [9, 8, 7, 255], count: 6).joined()))
    }

    @Test func weightsCoverEverySourcePixelOnce() {
        for (from, to) in [(64, 20), (7, 3), (3, 7), (100, 100), (1, 5)] {
            let weights = BoxScaler.weights(from: from, to: to)
            var perSource = [Double](repeating: 0, count: from)
            for target in weights {
                #expect(abs(target.reduce(0) { $0 + $1.1 } - 1) < 1e-9)
                for (index, weight) in target { perSource[index] += weight }
            }
            // Each source pixel contributes the same total (to / from of a target pixel).
            for total in perSource { #expect(abs(total - Double(to) / Double(from)) < 1e-9) }
        }
    }
}
