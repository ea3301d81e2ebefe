/// Why a terminal could not be used.
///
/// ```swift
/// do {
///     let terminal = try TTYTerminal()
///     try terminal.enter()
/// } catch let error as TerminalError {
///     print(error)  // e.g. fall back to printing a plain table
/// }
/// ```
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither /dev/tty nor stdin/stdout is an interactive terminal (e.g. output is
    /// piped to a file or the program runs under CI).
    case notATerminal
    /// A system call failed; `call` names it, `code` is `errno`.
    case systemCall(call: String, code: Int32)

    public var description: String {
        switch self {
        case .notATerminal:
            return "Interactive mode needs a terminal: stdin and stdout must be a TTY (are they redirected or piped?)."
        case .systemCall(let call, let code):
            return "Terminal setup failed: \(call) returned errno \(code)."
        }
    }
}
