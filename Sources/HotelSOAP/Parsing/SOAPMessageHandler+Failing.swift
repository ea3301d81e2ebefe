import HotelXML

/// Reading a field as a number, and failing: the first error wins, stops the driver and
/// carries the parser's line and column.
extension SOAPMessageHandler {
    func parseInt(_ field: String, min: Int?) -> Int? {
        guard let n = IntegerText.parse(text.bytes) else {
            invalid(field, "is not an integer", leafText)
            return nil
        }
        if let min, n < min {
            invalid(field, "must be at least \(min)", leafText)
            return nil
        }
        return n
    }

    // MARK: Failing

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

    func invalid(_ field: String, _ problem: String, _ value: String?) {
        var reason = "\(field) \(problem)"
        if let value {
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            reason += ": \"\(shown)\""
        }
        fail(.invalidValue, reason, field: field)
    }

    func invalid(_ problem: FieldProblem) {
        invalid(problem.field, problem.problem, problem.value)
    }
}
