/// A wait that ran out of time (`waitUntil`, a terminal's or a pane's wait); the message
/// names what was awaited and what was seen instead.
package struct TimedOut: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) { self.description = description }
}
