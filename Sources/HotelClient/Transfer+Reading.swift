import HotelSOAP

/// How every response ends, live or prefetched: the one place a page's reading is
/// finished, its cache entry committed, its notice added and a parse error tagged with
/// where it came from. A live page is fed while it arrives (`transfer`'s body callback);
/// a prefetched one from its spilled body (`feeding`); both then end here.
extension HotelSearchClient.Transfer {
    /// Feeds what is left (`feeding`), ends `reader`, and stores the response in the cache
    /// only when the reader accepted it whole. A `SOAPParseError` says it came from `source`.
    ///
    /// ```swift
    /// let exchange = try await transfer(request) { chunk in try reader.feed(chunk) }
    /// let page = try exchange.page(readBy: reader, source: url)
    /// ```
    func response(readBy reader: any SOAPResponseReader, source: String, feeding: () throws -> Void = {}) throws -> HotelResponse {
        do {
            try feeding()
            let response = try reader.finish()
            commit?()
            return response
        } catch let error as SOAPParseError {
            throw error.from(source)
        }
    }

    /// `response` as a page, with a notice when it came from a stale cache entry.
    func page(readBy reader: any SOAPResponseReader, source: String, feeding: () throws -> Void = {}) throws -> ResultPage {
        var page: ResultPage
        do { page = try response(readBy: reader, source: source, feeding: feeding).page() } catch let error as SOAPParseError {
            throw error.from(source)  // a detail where a page was due; `from` keeps an earlier source
        }
        if let notice = delivery.notice { page.notices.append(notice) }
        return page
    }
}
