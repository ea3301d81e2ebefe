import HotelXML

/// Failing: the first error wins, stops the driver and carries the parser's line and column.
extension SOAPMessageHandler {
    func fail(_ kind: SOAPParseError.Kind, _ reason: String, field: String? = nil) {
        guard error == nil else { return }
        error = SOAPParseError(kind, line: driver.line, column: driver.column, reason: reason, field: field)
        driver.stop()
    }

    /// Fails on a start tag, unless the tag is only a cut-off prefix (`<so` of `<soap:Fault>`).
    func failStart(_ kind: SOAPParseError.Kind, _ reason: String, field: String? = nil) {
        if driver.startTagIsCutOff { return skip() }
        fail(kind, reason, field: field)
    }
}
