/// A benchmark that could not run; the message says which command or check failed.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
