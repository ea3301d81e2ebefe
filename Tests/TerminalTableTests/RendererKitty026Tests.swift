import Testing

@testable import TerminalTable

/// The renderer's frames as kitty 0.26 places them (`Kitty026Placements`): with
/// `picturesAtRegionBottomStay`, every whole picture of every frame is where the frame has
/// it, whole, and nothing else shows, whatever the scrolls, jumps and panels between.
@Suite("Renderer: kitty 0.26's scroll regions")
struct RendererKitty026Tests {
    static let moves = [-1, 1, 1, -9, 9, 0, 3, -3, -6, 2, -2]

    /// Renders 80 random frames and returns the first frame (as "seed S, step N: …") at
    /// which kitty's placements differ from the frame's pictures, or nil.
    static func firstMismatch(seed: Int, quirk: Bool) -> String? {
        var generator = SeededGenerator(seed: UInt64(seed))
        var renderer = Renderer()
        renderer.picturesAtRegionBottomStay = quirk
        var kitty = Kitty026Placements(width: 40, height: 22)
        var first = 20
        for step in 0..<80 {
            first = max(0, first + moves.randomElement(using: &generator)!)
            let frame = RendererPictureTests.frame(first: first, panel: Int.random(in: 0..<5, using: &generator) == 0)
            kitty.feed(renderer.render(frame, pictures: Kitty026Placements.Source()))
            let expected = Kitty026Placements.expected(in: frame)
            if kitty.visible != expected || !kitty.problems.isEmpty {
                let wrong = kitty.visible.filter { expected[$0.key] != $0.value }.sorted { $0.key < $1.key }
                let missing = expected.filter { kitty.visible[$0.key] == nil }.keys.sorted()
                return "seed \(seed), step \(step) (first row \(first)): shown wrong \(wrong), missing \(missing), \(kitty.problems)"
            }
        }
        return nil
    }

    @Test("random scrolls, jumps and panels leave every picture whole in its place", arguments: 1...8)
    func randomFrames(seed: Int) {
        #expect(Self.firstMismatch(seed: seed, quirk: true) == nil)
    }

    @Test("without the quirk setting the same frames go wrong in kitty 0.26 (the model sees it)")
    func modelCatchesIt() {
        #expect((1...8).contains { Self.firstMismatch(seed: $0, quirk: false) != nil })
    }
}
