// Which kitty images a frame shows, so they can be uploaded before it is presented.
extension TableView {
    /// The kitty images that `render(state:dataSource:status:size:)` draws (at least one
    /// cell of), each once, top to bottom: hand them to `KittyImageRegistry.prepare(showing:)`
    /// and write its bytes before presenting the frame. An overlay panel covering an
    /// image is not taken into account; uploading a covered image is harmless.
    ///
    /// ```swift
    /// terminal.write(registry.prepare(showing: table.kittyImages(state: state, dataSource: source, size: size)))
    /// ```
    public func kittyImages(state: TableViewState, dataSource: some TableDataSource, size: TerminalSize) -> [KittyImage] {
        // The same arithmetic as draw(into:…) and drawBody, so both agree on what is visible.
        let height = max(0, size.height)
        let widths = columnWidths(forWidth: max(0, size.width))
        let headerCount = min(state.headerLines, height)
        let footerTop = max(headerCount, height - state.footerLines)
        guard let rowCount = dataSource.rowCount else { return [] }
        var images: [KittyImage] = []
        var seen: Set<UInt32> = []
        var top = headerCount
        var index = state.topRow
        while top < footerTop, index < rowCount {
            let visibleLines = min(state.rowHeight, footerTop - top)
            let cells = dataSource.row(at: index)?.cells ?? []
            for (column, width) in widths.enumerated() where width > 0 && column < cells.count {
                guard case .kittyImage(let image) = cells[column],
                    imageTop(imageRows: image.rows, rowHeight: state.rowHeight) < visibleLines,
                    seen.insert(image.id).inserted
                else { continue }
                images.append(image)
            }
            top += state.rowHeight
            index += 1
        }
        return images
    }
}
