import ArgumentParser

/// The exit codes of `hotels`, one per kind of failure, so a script can tell a refused
/// query from a dead network. Documented in `hotels --help` and the README; keep stable.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    /// Anything not listed below (a bug): the message says what.
    case failure = 1
    /// The service answered with a SOAP fault (printed: code, reason, detail).
    case soapFault = 3
    /// Bad flags or values: `hotels <command> --help` shows the usage.
    case usage = 64
    /// The response (or file) is not a well-formed, complete SOAP message; or a row, header
    /// or value `hotels import` refuses (sysexits' EX_DATAERR).
    case malformedResponse = 65
    /// The input file does not exist or cannot be read.
    case noInput = 66
    /// The service cannot be reached (refused, DNS, reset, TLS certificate, proxy).
    case network = 69
    /// Writing the output failed: a full disk, a closed descriptor. A closed pipe (the
    /// reader went away: `hotels search … | head -3`) is not a failure unless asked for with
    /// `--strict-pipe` (see `PipeOptions`): by default the command stops quietly with 0.
    case outputError = 74
    /// The service did not answer in time.
    case timeout = 75
    /// The service answered with an HTTP error and a body that is not SOAP, or redirects in a loop.
    case httpError = 76
    /// Configuration refused (sysexits' EX_CONFIG): `hotels serve --users` with a file group or
    /// others may read, or a line that is not `name:secret`; a PostgreSQL catalog whose schema
    /// version is not this program's (older or newer); a dialect file with a mistake
    /// (`FILE:LINE:COLUMN: what is wrong`).
    case configuration = 78

    public var meaning: String {
        switch self {
        case .success: return "success"
        case .failure: return "unexpected internal error"
        case .soapFault: return "the service returned a SOAP fault or a business error (OpenTravel Errors, a dialect file's errors)"
        case .usage: return "usage error (unknown flag, bad value; browse/demo without a terminal)"
        case .malformedResponse: return "malformed, truncated or non-SOAP response; a row hotels import refuses (FILE:LINE: column NAME)"
        case .noInput: return "input file not found or unreadable"
        case .network: return "network error (refused, DNS, reset, TLS certificate, proxy)"
        case .outputError: return "could not write the output (disk full; a closed pipe with --strict-pipe)"
        case .timeout: return "timed out"
        case .httpError: return "HTTP error with a non-SOAP body, an invalid response head, or a redirect loop"
        case .configuration:
            return
                "configuration refused (serve --users: file open to group/others, or a bad line; a PostgreSQL schema of another version; a dialect file with a mistake)"
        }
    }

    /// The table printed at the end of `--help`: each meaning wrapped within 79 columns
    /// under its own column, so ArgumentParser (which breaks lines of 80 or more at 80
    /// columns, back to the margin) leaves it as it is.
    static let helpTable: String = {
        let rows = allCases.map { status in
            let code = String(status.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)
            return ExitStatus.wrapped(status.meaning, width: 79 - 6).enumerated().map { index, line in
                (index == 0 ? "  \(code)" : String(repeating: " ", count: 6)) + line
            }.joined(separator: "\n")
        }
        return "Exit codes:\n" + rows.joined(separator: "\n")
    }()

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word
    /// stands alone on its line).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " \(word)"
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

/// An error that knows its exit status and one-line message.
struct CommandFailure: Error, CustomStringConvertible {
    let status: ExitStatus
    let message: String

    var description: String { message }
}
