import Glibc
import HotelCLI

@main
enum Hotels {
    static func main() async {
        // A closed pipe must come back as EPIPE, for the writer to report or ignore, never
        // as a signal that kills the process mid-sentence.
        signal(SIGPIPE, SIG_IGN)
        await HotelsCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
