/// A child that could not be started, or one that ended otherwise than it had to; the
/// message names the command and what went wrong.
package struct SpawnError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
