import ChildProcess
import Foundation
import HotelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `hotels browse` in a pseudo-terminal that answers none of its questions: a terminal too
/// busy to reply in time (a kitty still starting under load did), or one that never does.
@Suite("hotels browse: a terminal that answers no probe")
struct SilentTerminalTests {
    /// A pseudo-terminal of `columns` × `rows` cells and `pixels` pixels; the test holds the
    /// near end, the program gets the far one.
    final class PseudoTerminal {
        let near: Int32
        let far: Int32

        init(columns: Int, rows: Int, pixels: (width: Int, height: Int)) throws {
            // posix_openpt and its friends are not in Swift's Glibc module; these are what
            // they do on Linux (TIOCSPTLCK and TIOCGPTN from <asm-generic/ioctls.h>).
            near = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard near >= 0, ioctl(near, UInt(0x4004_5431), &unlock) == 0, ioctl(near, UInt(0x8004_5430), &number) == 0 else {
                throw SpawnError("no pseudo-terminal: \(String(cString: strerror(errno)))")
            }
            far = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard far >= 0 else { throw SpawnError("cannot open the pseudo-terminal's far end") }
            var size = winsize(
                ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(pixels.width), ws_ypixel: UInt16(pixels.height))
            guard ioctl(near, UInt(TIOCSWINSZ), &size) == 0 else { throw SpawnError("cannot set the window size") }
            _ = fcntl(near, F_SETFL, fcntl(near, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(near)
            close(far)
        }

        /// What the program wrote so far and has not been read.
        func readAvailable() -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(near, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            return bytes
        }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(near, $0.baseAddress, text.utf8.count) }
        }
    }

    @Test("sixel logos are drawn for the window's own cell size (8 × 17 px), not an assumed one, and q quits")
    func cellSizeFromTheWindow() async throws {
        let server = try await LiveServer.shared()
        // 120 × 30 cells in 960 × 510 pixels: cells of 8 × 17.
        let terminal = try PseudoTerminal(columns: 120, rows: 30, pixels: (960, 510))
        let browse = try ChildProcess(
            [HotelsBinary.url.path, "browse", "--endpoint", server.endpoint, "--images", "sixel"],
            stdin: .descriptor(terminal.far), stdout: .descriptor(terminal.far), stderr: .capture,
            environment: ["TERM": "xterm-256color", "TMUX": "", "HOME": FileManager.default.temporaryDirectory.path])
        defer { _ = browse.poll() ?? browse.terminate() }
        var written: [UInt8] = []
        // A table logo is 4 × 2 cells: 32 × 34 pixels for this terminal, 40 × 40 for the
        // 10 × 20 cell assumed when nothing says otherwise.
        let logo = Array("\"1;1;32;34".utf8)
        try await waitUntil("a sixel logo", timeout: .seconds(60), state: String(decoding: written.suffix(2000), as: UTF8.self)) {
            written += terminal.readAvailable()
            return written.firstRange(of: logo) != nil
        }
        #expect(written.firstRange(of: Array("\"1;1;40;40".utf8)) == nil)
        terminal.type("q")
        // Read on while it ends: a full pseudo-terminal would block its last frame.
        var end: ChildProcess.Termination?
        try await waitUntil("browse to end after q", timeout: .seconds(30)) {
            _ = terminal.readAvailable()
            end = browse.poll()
            return end != nil
        }
        #expect(end == .exited(0), "stderr: \(browse.stderr)")
    }
}
