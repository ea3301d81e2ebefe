import TerminalTable

/// Pictures the terminal draws itself (sixel, iTerm2, kitty placed directly): what the
/// renderer is given to draw the frame's pictures with.
extension BrowseSession {
    /// How logos are drawn, from the settings.
    var logoDrawing: LogoDrawing {
        LogoDrawing(images: settings.images, symbols: settings.symbols, cellSize: settings.cellSize, passthrough: settings.inTmux)
    }

    /// A new id for a sixel or iTerm2 picture. (kitty's come from `kittyImages`, as the
    /// terminal knows them.)
    func nextPictureID() -> UInt32 {
        lastPictureID &+= 1
        return lastPictureID
    }

    /// The bytes of the pictures a frame may show: the visible rows' logos, and the
    /// detail view's. Logos further away are not looked at; the renderer only asks for
    /// the pictures whose cells it finds in the frame.
    func pictureSource(rows: HotelRows) -> LogoPictureSource {
        var source = LogoPictureSource(removesKittyPlacements: settings.images == .kittyDirect, passthrough: settings.inTmux)
        if case .detail(let view) = mode {
            if let picture = view.picture, let sequence = view.pictureSequence { source.sequences[picture.id] = sequence }
            return source
        }
        for index in state.visibleRows {
            guard let hotel = rows.hotel(at: index), case .loaded(let logo) = logos.state(of: hotel.id),
                let picture = logo.picture, let sequence = logo.pictureSequence
            else { continue }
            source.sequences[picture.id] = sequence
        }
        return source
    }

    /// The kitty images to upload before a frame that places them directly.
    func directKittyImages(rows: HotelRows) -> [KittyImage] {
        if case .detail(let view) = mode { return view.kittyLogo.map { [$0] } ?? [] }
        return state.visibleRows.compactMap { index in
            guard let hotel = rows.hotel(at: index), case .loaded(let logo) = logos.state(of: hotel.id) else { return nil }
            return logo.kitty
        }
    }
}
