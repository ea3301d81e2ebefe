/// A foreign SOAP stack that failed to run or answered otherwise than the interop tests
/// expect; the message names the command or the difference.
struct InteropError: Error, CustomStringConvertible {
    let description: String
}
