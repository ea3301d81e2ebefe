import Foundation
import HotelClient
import HotelSOAP
import Imaging
import TerminalTable

/// Loading: pages and logos for what the viewport shows, details on demand, and what
/// comes back from those tasks.
extension BrowseSession {
    /// Starts and cancels page and logo loads to match the viewport.
    func refreshLoads() {
        let visible = state.visibleRows
        // Pages are kept in the service's order; reversed (`S`), the screen's rows map
        // to the other end of it.
        let plan = pages.plan(
            visible: order.sourceRange(visible, count: pages.rowCount), direction: order.sourceDirection(direction))
        for page in plan.cancel {
            pageTasks.cancel(page)
            activity.pagesCancelled += 1
        }
        for page in plan.fetch { fetchPage(page) }

        // A hidden or scrolled-out logo column needs no logos.
        guard settings.images != .disabled, drawnColumns.contains(.logo) else {
            for id in logos.update(visible: [], hold: false).cancel {
                logoTasks.cancel(id)
                activity.logosCancelled += 1
            }
            return
        }
        let now = ContinuousClock.now
        let hold = state.isScrollingFast(at: now)
        var wanted: [String] = []
        var rowOf: [String: Int] = [:]
        let rows = self.rows
        for index in visible {
            guard let hotel = rows.hotel(at: index), hotel.logoURL != nil else { continue }
            wanted.append(hotel.id)
            rowOf[hotel.id] = index
        }
        let step = logos.update(visible: wanted, hold: hold)
        for id in step.cancel {
            logoTasks.cancel(id)
            activity.logosCancelled += 1
        }
        for id in step.start {
            guard let row = rowOf[id], let hotel = rows.hotel(at: row), let url = hotel.logoURL.flatMap(URL.init(string:)) else { continue }
            activity.logosStarted.append((row, visible))
            fetchLogo(id: id, url: url)
        }
        if hold, !settleScheduled {
            // Look again once the scroll has had time to settle.
            settleScheduled = true
            let delay = state.scrollVelocity.window
            Task { [inbox] in
                try? await Task.sleep(for: delay)
                inbox.send(.settle)
            }
        }
    }

    /// Where `page` starts, if known: any page of a random-access dialect, the first
    /// page or one after a page that said where it continues for a sequential one.
    func start(of page: Int) -> PageStart? {
        if page == 0 { return .offset(0) }
        switch client.dialect.paging {
        case .randomAccess: return .offset(page * settings.pageSize)
        case .sequential: return pageStarts[page]
        }
    }

    func fetchPage(_ page: Int) {
        guard let start = start(of: page) else {
            pages.abandon(page: page)
            return
        }
        let request = PageRequest(start: start, size: settings.pageSize)
        activity.pagesRequested.append(page)
        pageTasks.start(page) { [client, inbox, describe, query = effectiveQuery] token in
            do {
                // A bounded number of rows is kept: a service that answers 50 rows with
                // 800,000 must not fill memory. A few more than asked (the table places them)
                // are kept as before.
                let rows = PageRows(limit: max(request.size, PageRows.maxPerAnswer))
                var result = try await client.searchPage(query, page: request, onHotel: rows.take)
                result.hotels = rows.hotels
                if let notice = rows.notice { result.notices.append(notice) }
                inbox.send(.page(page, token: token, .success(result)))
            } catch {
                inbox.send(.page(page, token: token, .failure(Failure(message: describe(error)))))
            }
        }
    }

    func receive(page: Int, _ result: Result<ResultPage, Failure>) {
        switch result {
        case .success(let received):
            if let totalCount = received.totalCount {
                pages.receive(page: page, rows: received.hotels, totalCount: totalCount)
            } else {
                if let next = received.next { pageStarts[page + 1] = next }
                pages.receive(page: page, rows: received.hotels, hasMore: received.next != nil)
            }
            state.updateRowCount(pages.rowCount)
            // The service's remarks (OpenTravel Warnings), or that the rows are from the cache
            // because the service could not be reached, and how old they are.
            if let remark = received.notices.first {
                notice = "warning: \(remark)" + (received.notices.count > 1 ? " (+\(received.notices.count - 1) more)" : "")
            }
            if var walk = walkToEnd, let count = pages.rowCount {
                walk.pages += 1
                walkToEnd = pages.isCountFinal ? nil : walk
                // The last row known: on the last page that is the end, before it the row
                // whose page's successor the next refresh asks for.
                state.select(max(0, count - 1))
                direction = .down
            }
        case .failure(let failure):
            pages.fail(page: page, message: failure.message)
            lastError = failure.message
            walkToEnd = nil
        }
    }

    func receiveLogo(id: String, _ result: Result<LogoPicture, LogoLoadError>, kittyPayload: [UInt8]?) {
        var result = result
        if case .success(var picture) = result, let kittyPayload {
            picture.kitty = kittyImages.makeImage(
                columns: picture.cell.columns, rows: picture.cell.rows, format: .png, payload: kittyPayload)
            picture.kittyPayload = kittyPayload
            if settings.images == .kittyDirect, let kitty = picture.kitty {
                // Without Unicode placeholders kitty places the uploaded image over blank cells.
                picture.picture = TerminalPicture(id: kitty.id, columns: kitty.columns, rows: kitty.rows)
                picture.pictureSequence = kittyPlacement(kitty)
            }
            result = .success(picture)
        }
        logos.finish(id, with: result)
        if case .failure(let error) = result, !error.isCancellation { lastError = "logo: \(error.message)" }
        if case .detail(var view) = mode, view.hotel.id == id, case .success(let picture) = result {
            setDetailLogo(picture, in: &view)
            mode = .detail(view)
        }
    }

    /// What shows an uploaded kitty image at the cursor (placement 1, so showing it again
    /// elsewhere moves it).
    func kittyPlacement(_ image: KittyImage) -> String {
        let place = image.placeSequence(placement: 1)
        return settings.inTmux ? EscapeSequence.tmuxPassthrough(place) : place
    }

    func fetchLogo(id: String, url: URL) {
        let columns = Self.logoColumns
        let rows = state.rowHeight
        let drawing = logoDrawing
        let pictureID = nextPictureID()
        logoTasks.start(id) { [fetcher, inbox] token in
            let result: Result<LogoPicture, LogoLoadError>
            var kittyPayload: [UInt8]?
            do {
                let bytes = try await fetcher.fetch(url)
                try Task.checkCancellation()
                // Decoded even for kitty: a corrupt or absurd image must become the failure
                // mark here, not reach the terminal.
                let image = try ImageDecoder.logo.decode(bytes)
                kittyPayload = drawing.kittyPayload(for: image, columns: columns, rows: rows)
                result = .success(LogoPicture(image, columns: columns, rows: rows, drawing: drawing, pictureID: pictureID))
            } catch let error as LogoLoadError {
                result = .failure(error)
            } catch is CancellationError {
                result = .failure(.cancelled)
            } catch {
                result = .failure(LogoLoadError("\(url.lastPathComponent): \(error)"))
            }
            inbox.send(.logo(id, token: token, result, kittyPayload: kittyPayload))
        }
    }

    func loadDetail(_ hotel: HotelInfo) {
        detailTasks.start(0) { [client, inbox, describe] token in
            do {
                let detail = try await client.hotel(id: hotel.id)
                inbox.send(.detail(token: token, .success(detail)))
            } catch {
                inbox.send(.detail(token: token, .failure(Failure(message: describe(error)))))
            }
        }
    }
}
