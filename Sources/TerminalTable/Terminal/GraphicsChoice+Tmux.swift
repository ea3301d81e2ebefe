import Foundation

// The decision inside tmux, where tmux answers the probe in the terminal's place.
extension GraphicsChoice {
    /// Whether we run inside tmux, how we know, and its version if known.
    struct TmuxContext {
        var isInside: Bool
        var evidence: String
        var version: TerminalVersion?

        /// `3.4`, or the whole text when it has no version part.
        var versionText: String {
            guard let version else { return "of unknown version" }
            return version.version.isEmpty ? version.text : version.version
        }
    }

    /// `TMUX` is set in tmux's panes; over ssh from inside tmux it is not, but tmux still
    /// answers XTVERSION.
    static func tmuxContext(environment: [String: String], replies: ProbeReplies, tmuxVersion: String?) -> TmuxContext {
        let reply = replies.terminalVersion
        let replyIsTmux = reply?.isNamed("tmux") == true
        let programIsTmux = environment["TERM_PROGRAM"]?.lowercased() == "tmux"
        let evidence: String
        if !(environment["TMUX"] ?? "").isEmpty {
            evidence = "TMUX is set"
        } else if replyIsTmux, let reply {
            evidence = "XTVERSION says \(reply)"
        } else if programIsTmux {
            evidence = "TERM_PROGRAM=tmux"
        } else {
            return TmuxContext(isInside: false, evidence: "", version: nil)
        }
        var version: TerminalVersion?
        if let tmuxVersion, !tmuxVersion.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            version = TerminalVersion(tmuxVersion.trimmingCharacters(in: .whitespacesAndNewlines))
        } else if replyIsTmux {
            version = reply
        } else if programIsTmux, let text = environment["TERM_PROGRAM_VERSION"], !text.isEmpty {
            version = TerminalVersion(text)
        }
        return TmuxContext(isInside: true, evidence: evidence, version: version)
    }

    static func decideInTmux(
        environment: [String: String], replies: ProbeReplies, tmux: TmuxContext, client: TmuxClient?, reasons: [String]
    )
        -> GraphicsChoice
    {
        var reasons = reasons
        reasons.append("inside tmux \(tmux.versionText) (\(tmux.evidence)): tmux answers the probe in the terminal's place")
        let (outer, evidence) = TerminalKind.identify(reply: client?.terminal, environment: environment, insideTmux: true)
        let outside = evidence.isEmpty ? "the terminal outside is unknown" : "outside, \(evidence)"
        let cell = replies.cellPixelSize
        func choose(_ imageProtocol: ImageProtocol, _ why: String) -> GraphicsChoice {
            reasons.append("\(why) → \(label(imageProtocol))")
            return GraphicsChoice(
                imageProtocol: imageProtocol, isInTmux: true, usesPassthrough: imageProtocol == .kitty, cellSize: cell, reasons: reasons)
        }
        // The kitty query went out wrapped for passthrough: its reply proves tmux lets
        // graphics through, which nothing else can tell from inside.
        let passedThrough = replies.kittyGraphics == true
        let placeholders: Bool
        switch outer {
        case .kitty(let version): placeholders = !isBefore(version, 0, 28)
        case .ghostty: placeholders = true
        default: placeholders = false
        }
        switch outer {
        case .kitty, .ghostty:
            if !placeholders {
                reasons.append("\(outside): no Unicode placeholders before 0.28, and direct placement cannot follow tmux's cursor")
            } else if passedThrough {
                return choose(.kitty, "\(outside); the kitty query came back through tmux, so allow-passthrough is on")
            } else {
                reasons.append(
                    "\(outside), but the kitty query did not come back through tmux: allow-passthrough is off (set -g allow-passthrough on)"
                )
            }
        case .iTerm2, .wezTerm:
            reasons.append(
                "\(outside): iTerm2 images through tmux need allow-passthrough, which no reply can confirm (--images iterm forces them)")
        default:
            if passedThrough {
                reasons.append("\(outside); it answers the kitty query through tmux, but is not known to draw Unicode placeholders")
            } else if !evidence.isEmpty {
                reasons.append(outside)
            }
        }
        // tmux 3.4 and later draw sixel themselves, on terminals that have it.
        guard let version = tmux.version, !version.numbers.isEmpty else {
            return choose(.halfBlocks, "tmux's version is unknown: not counting on its sixel")
        }
        guard version.isAtLeast(3, 4) else { return choose(.halfBlocks, "tmux \(tmux.versionText) draws no sixel (3.4 and later do)") }
        guard replies.hasSixel else {
            return choose(.halfBlocks, "this tmux \(tmux.versionText) was built without sixel (its DA1 lacks 4)")
        }
        guard let client else {
            return choose(
                .halfBlocks,
                "whether the terminal outside draws sixel is unknown (tmux display -p '#{client_termfeatures}' tells)")
        }
        guard client.hasSixel else { return choose(.halfBlocks, "tmux found no sixel in the terminal outside") }
        guard let cell else { return choose(.halfBlocks, "tmux did not report the cell size in pixels, which sixel needs") }
        return choose(
            .sixel, "tmux \(tmux.versionText) draws sixel itself on a terminal that has it; cells are \(cell.width)×\(cell.height) px")
    }
}
