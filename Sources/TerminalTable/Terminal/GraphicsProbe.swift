import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sends `TerminalProbe`'s questions and reads the answers, within a bounded wait: the
/// runner behind `TTYTerminal.enter()` and `hotels browse --images-info`.
///
/// The wait ends at the DA1 reply (inside tmux `TerminalProbe.passthroughGrace` later,
/// unless the kitty reply is in) or at the deadline, whichever is first. Keys typed
/// meanwhile are handed back in order; replies that come after the wait reach the key
/// decoder, which drops them (`KeyDecoder`), so a slow terminal costs at most the
/// deadline and never shows a reply as typed text.
///
/// ```swift
/// let (replies, typedAhead) = GraphicsProbe.run(input: fd, output: fd, environment: environment)   // raw mode
/// let choice = GraphicsChoice.decide(environment: environment, replies: replies)
/// ```
public enum GraphicsProbe {
    public static func run(
        input: Int32, output: Int32, environment: [String: String], timeout: Duration = TerminalProbe.suggestedTimeout
    ) -> (replies: ProbeReplies, typedAhead: [UInt8]) {
        guard DescriptorIO.writeAll(TerminalProbe.query(environment: environment), to: output) else { return (ProbeReplies(), []) }
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        var parser = ProbeReplyParser()
        var typedAhead: [UInt8] = []
        var deadline = ContinuousClock.now + timeout
        var graceStarted = false
        while true {
            if parser.isComplete {
                guard inTmux, parser.replies.kittyGraphics == nil else { break }
                if !graceStarted {
                    graceStarted = true
                    deadline = min(deadline, .now + TerminalProbe.passthroughGrace)
                }
            }
            guard let chunk = DescriptorIO.read(from: input, before: deadline) else { break }
            typedAhead += parser.feed(chunk)
        }
        typedAhead += parser.finish()
        return (withWindowSize(parser.replies, of: output), typedAhead)
    }

    /// `replies` with the text area's size from `TIOCGWINSZ` when they hold no cell size:
    /// XTerm answers the size queries only with allowWindowOps, off by default, but puts the
    /// pixels in the window size, as most terminals do (chafa reads it too). Also what a
    /// terminal that was not asked (it answered nothing in time) gets, so its pictures are
    /// still drawn at its own cell size rather than an assumed one.
    public static func withWindowSize(_ replies: ProbeReplies, of descriptor: Int32) -> ProbeReplies {
        guard replies.cellPixelSize == nil, let (pixels, cells) = windowSize(of: descriptor) else { return replies }
        var replies = replies
        replies.textAreaPixels = pixels
        replies.textAreaCells = cells
        return replies
    }

    /// The text area in pixels and cells from `TIOCGWINSZ`; nil when the pixels are 0.
    static func windowSize(of descriptor: Int32) -> (PixelSize, TerminalSize)? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_xpixel > 0, window.ws_ypixel > 0, window.ws_col > 0,
            window.ws_row > 0
        else { return nil }
        return (
            PixelSize(width: Int(window.ws_xpixel), height: Int(window.ws_ypixel)),
            TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row))
        )
    }

    /// Probes the controlling terminal (`/dev/tty`) from a program that is not otherwise
    /// interactive (`hotels browse --images-info`): raw mode just for the probe. Empty
    /// replies when there is no terminal or it answered nothing in time.
    public static func probeControllingTerminal(environment: [String: String], timeout: Duration = .seconds(1)) -> ProbeReplies {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return ProbeReplies() }
        defer { close(descriptor) }
        var original = termios()
        // A job in the background would be stopped (SIGTTOU) for touching the terminal's mode.
        guard isatty(descriptor) == 1, tcgetpgrp(descriptor) == getpgrp(), tcgetattr(descriptor, &original) == 0 else {
            return ProbeReplies()
        }
        var raw = original
        cfmakeraw(&raw)
        raw.c_oflag = original.c_oflag
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return ProbeReplies() }
        defer { tcsetattr(descriptor, TCSANOW, &original) }
        let replies = run(input: descriptor, output: descriptor, environment: environment, timeout: timeout).replies
        // Whatever is still on its way would be echoed once the mode is back.
        if replies.deviceAttributes == nil { tcflush(descriptor, TCIFLUSH) }
        return replies
    }
}
