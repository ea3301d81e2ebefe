/// What a response of any dialect said, short of a fault (thrown as `SOAPFault`).
public enum HotelResponse: Sendable, Equatable {
    /// One page of search results.
    case page(ResultPage)
    /// One hotel's details.
    case detail(HotelDetail)
}

extension HotelResponse {
    /// The page, or `SOAPParseError.unexpectedMessage` naming what came instead.
    public func page() throws(SOAPParseError) -> ResultPage {
        guard case .page(let page) = self else {
            throw SOAPParseError(.unexpectedMessage, line: 0, reason: "expected search results but the response holds a hotel's details")
        }
        return page
    }

    /// The details, or `SOAPParseError.unexpectedMessage` naming what came instead.
    public func detail() throws(SOAPParseError) -> HotelDetail {
        guard case .detail(let detail) = self else {
            throw SOAPParseError(.unexpectedMessage, line: 0, reason: "expected a hotel's details but the response holds search results")
        }
        return detail
    }
}
