import ArgumentParser
import HotelBrowse

/// What `search` and `parse`, the commands that write rows, do when the reader of their
/// output goes away.
///
/// By default they stop at once, print nothing and exit 0, as `cat`, `grep`, `rg` and `jq`
/// do: `hotels search … | head -3` is a reader that wanted three rows and got them, not a
/// failure, and a script that pipes into `head` should not get an error line on every run.
/// The work stops at the first write that fails with EPIPE: the rest of the response is
/// neither read nor parsed. `--strict-pipe` makes it a failure again (one line on stderr,
/// exit 74), for a pipeline that must know its reader took every row.
///
/// Decided on the error's errno (`OutputError.isClosedPipe`), never on its text. Any other
/// failed write (a full disk, ENOSPC; a closed descriptor, EBADF) exits 74 with a message
/// either way. Commands that print a few lines of status (`cache stats`, `seed`) write with
/// `print`, which already ignores a closed pipe, and take no flag.
struct PipeOptions: ParsableArguments {
    @Flag(help: "Exit 74 with a message when the output pipe closes early (e.g. | head), instead of stopping quietly with 0.")
    var strictPipe = false

    /// Whether `error` is the reader going away and the command should end quietly with 0.
    func endsQuietly(after error: any Error) -> Bool {
        !strictPipe && (error as? OutputError)?.isClosedPipe == true
    }

    /// Whether `error` is a closed pipe at all (quiet or not): the one-line message then
    /// already says the output stops short.
    static func isClosedPipe(_ error: any Error) -> Bool {
        (error as? OutputError)?.isClosedPipe == true
    }
}
