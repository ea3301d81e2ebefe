import HotelSOAP
import TerminalTable

/// The full-screen page Enter opens: the `GetHotel` record with a larger logo.
struct HotelDetailView {
    enum Content: Sendable {
        case loading(HotelInfo)
        case loaded(HotelDetail)
        case failed(HotelInfo, String)
    }

    var content: Content
    /// The logo, if it is loaded; drawn larger than in the table.
    var logo: LogoPicture?
    /// The same logo as a kitty image, when the terminal draws those.
    var kittyLogo: KittyImage?
    /// The logo as a picture the terminal draws itself (sixel, iTerm2, kitty placed
    /// directly), and the bytes that draw it.
    var picture: TerminalPicture?
    var pictureSequence: String?
    /// The logo in block symbols at this size, for text terminals.
    var symbols: SymbolImage?
    /// First text line shown, for scrolling long descriptions.
    var firstLine = 0
    /// What the price covers, said beside it.
    var priceBasis = PriceBasis.perNight

    static let logoColumns = 16
    static let logoRows = 8
    private static let titleStyle = Style(bold: true)
    private static let labelStyle = Style(dim: true)

    var hotel: HotelInfo {
        switch content {
        case .loading(let hotel), .failed(let hotel, _): return hotel
        case .loaded(let detail): return detail.hotel
        }
    }

    func render(size: TerminalSize, status: StatusLine, theme: TableTheme = .standard, sanitizer: Sanitizer = .standard) -> CellBuffer {
        var buffer = CellBuffer(width: size.width, height: size.height)
        guard size.height >= 2, size.width >= 10 else { return buffer }
        let hotel = self.hotel
        buffer.write(
            DisplayWidth.truncate(sanitizer.sanitize(hotel.name), toWidth: size.width - 2), row: 0, column: 1, style: Self.titleStyle)

        // The logo on the left when there is room for it beside the text.
        var textColumn = 1
        if let logo, size.width >= Self.logoColumns + 30 {
            // A terminal-drawn picture only whole (cut, it would be drawn over the status
            // line); on a screen too short for it, the symbols, which clip.
            if let picture, buffer.draw(picture, row: 2, column: 1, maxHeight: size.height - 3) {
            } else if let kittyLogo, picture == nil {
                for row in 0..<min(kittyLogo.rows, size.height - 3) {
                    for column in 0..<kittyLogo.columns { buffer.set(kittyLogo[row, column], row: 2 + row, column: 1 + column) }
                }
            } else {
                let symbols = symbols ?? logo.cell
                buffer.draw(symbols, row: 2, column: 1, maxHeight: size.height - 3)
            }
            textColumn = Self.logoColumns + 3
        }
        let textWidth = max(1, size.width - textColumn - 1)
        var lines: [(String, Style)] = []
        func add(_ label: String, _ value: String) {
            guard !value.isEmpty else { return }
            for (index, line) in DisplayWidth.wrap(sanitizer.sanitize(value), toWidth: max(1, textWidth - 11)).enumerated() {
                lines.append(((index == 0 ? label : "").padding(toLength: 11, withPad: " ", startingAt: 0) + line, .plain))
            }
        }
        add("Address", hotel.address)
        add("City", [hotel.city, hotel.country].filter { !$0.isEmpty }.joined(separator: ", "))
        add("Stars", HotelColumn.stars.text(for: hotel))
        add("Price", PriceText.table(hotel.price) + (priceBasis == .perNight ? " per night" : " for the stay"))
        add("Phone", hotel.phone ?? "")
        add("Amenities", hotel.amenities.joined(separator: ", "))
        add("Location", "\(hotel.latitude), \(hotel.longitude)")
        add("Distance", HotelColumn.distance.text(for: hotel))
        add("Id", hotel.id)
        lines.append(("", .plain))
        switch content {
        case .loading:
            lines.append(("Loading details…", theme.placeholder))
        case .failed(_, let message):
            lines.append(("Could not load the details: \(message)", HotelRows.failureStyle))
            lines.append(("Press r to try again.", theme.placeholder))
        case .loaded(let detail):
            for line in DisplayWidth.wrap(sanitizer.sanitize(detail.description), toWidth: textWidth) {
                lines.append((line, .plain))
            }
            if !detail.imageURLs.isEmpty {
                lines.append(("", .plain))
                lines.append(("Photos: \(detail.imageURLs.count)", Self.labelStyle))
            }
        }

        let bodyHeight = max(0, size.height - 3)
        let start = min(max(0, firstLine), max(0, lines.count - bodyHeight))
        for (offset, line) in lines.dropFirst(start).prefix(bodyHeight).enumerated() {
            buffer.write(line.0, row: 2 + offset, column: textColumn, style: line.1, maxWidth: textWidth)
        }

        status.draw(into: &buffer, row: size.height - 1, theme: theme, sanitizer: sanitizer)
        return buffer
    }
}
