import Imaging
import Testing

@Suite struct MonogramLogoTests {
    @Test func isAValidPNGOfTheRequestedSize() throws {
        let png = try MonogramLogo.png(initials: "GB", seed: "hotel-4711")
        let image = try ImageDecoder.decode(png)
        #expect(image.width == 64 && image.height == 64)
        #expect(image == MonogramLogo(initials: "GB", seed: "hotel-4711").render())
    }

    @Test func isDeterministic() throws {
        let first = try MonogramLogo.png(initials: "AK", seed: "hotel-1", size: 48)
        let second = try MonogramLogo.png(initials: "AK", seed: "hotel-1", size: 48)
        #expect(first == second)
    }

    @Test func differentSeedsGiveDifferentLogos() throws {
        let first = try MonogramLogo.png(initials: "AK", seed: "hotel-1")
        let second = try MonogramLogo.png(initials: "AK", seed: "hotel-2")
        #expect(first != second)
    }

    /// Not just different bytes: over many hotels the centre colour is rarely shared.
    @Test func backgroundsSpreadAcrossHotels() {
        var colours = Set<RGBAColor>()
        for id in 0..<200 {
            // Top-left of the centre band; outside the text for all shapes and accents.
            colours.insert(MonogramLogo(initials: "", seed: "hotel-\(id)", width: 32, height: 32).render()[3, 16])
        }
        #expect(colours.count > 150)
    }

    @Test func whiteInitialsAreReadable() {
        for id in 0..<100 {
            let image = MonogramLogo(initials: "W", seed: "hotel-\(id)").render()
            let background = image[4, 32]  // inside every shape, left of the glyph
            let luminance =
                (0.2126 * Double(background.red) + 0.7152 * Double(background.green)
                    + 0.0722 * Double(background.blue)) / 255
            #expect(luminance < 0.75, "hotel-\(id) background \(background)")
            #expect(image.pixels.contains(255))
        }
    }

    @Test func initialsChangeTheImage() {
        let plain = MonogramLogo(initials: "", seed: "hotel-3").render()
        let lettered = MonogramLogo(initials: "Q", seed: "hotel-3").render()
        let other = MonogramLogo(initials: "R", seed: "hotel-3").render()
        #expect(plain != lettered && lettered != other)
    }

    @Test func normalisesInitials() {
        #expect(MonogramLogo(initials: "ém", seed: "x").initials == "EM")
        #expect(MonogramLogo(initials: "a-b-c", seed: "x").initials == "AB")
        #expect(MonogramLogo(initials: "東京", seed: "x").initials == "")
        #expect(MonogramLogo(initials: "7", seed: "x").initials == "7")
    }

    @Test func picksInitialsFromNames() {
        #expect(MonogramLogo.initials(from: "The Hotel Adlon Kempinski") == "AK")
        #expect(MonogramLogo.initials(from: "Hôtel Élysée") == "E")
        #expect(MonogramLogo.initials(from: "Hotel de la Paix") == "P")
        #expect(MonogramLogo.initials(from: "The Hotel") == "TH")
        #expect(MonogramLogo.initials(from: "東京ホテル") == "")
        #expect(MonogramLogo.initials(from: "25hours Hotel Bikini") == "2B")
    }

    @Test(arguments: [1, 5, 11, 16, 64, 200])
    func rendersAnySize(size: Int) throws {
        let image = try ImageDecoder.decode(MonogramLogo.png(initials: "MW", seed: "s", size: size))
        #expect(image.width == size && image.height == size)
    }

    @Test func rendersNonSquareSizes() {
        let image = MonogramLogo(initials: "MW", seed: "s", width: 120, height: 40).render()
        #expect(image.width == 120 && image.height == 40)
        #expect(image[0, 0].alpha == 0 || image[0, 0].alpha < 255)  // corners stay (partly) transparent
    }
}
