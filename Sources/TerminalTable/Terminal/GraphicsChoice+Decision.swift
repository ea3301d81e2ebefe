import Foundation

// The decision for a terminal we talk to directly, and the entry point.
extension GraphicsChoice {
    /// Chooses how to draw pictures.
    ///
    /// - Parameters:
    ///   - environment: the process environment (`TERM`, `TERM_PROGRAM`, `TMUX`, …).
    ///   - replies: what the terminal answered to `TerminalProbe` (empty when it timed out).
    ///   - tmuxVersion: `tmux -V`'s output when inside tmux; without it tmux's XTVERSION
    ///     reply or `TERM_PROGRAM_VERSION` tells.
    ///   - tmuxClient: what tmux knows of the terminal outside (`TmuxClient.displayFormat`);
    ///     without it tmux's own sixel is not counted on.
    ///   - override: the user's choice (`--images`); nil for automatic.
    ///
    /// ```swift
    /// let replies = ProbeReplies(terminalVersion: TerminalVersion("kitty(0.26.5)"), deviceAttributes: [62])
    /// GraphicsChoice.decide(environment: ["TERM": "xterm-kitty"], replies: replies).imageProtocol   // .kittyDirect
    /// ```
    public static func decide(
        environment: [String: String], replies: ProbeReplies, tmuxVersion: String? = nil, tmuxClient: TmuxClient? = nil,
        override: ImageProtocol? = nil
    ) -> GraphicsChoice {
        var reasons: [String] = []
        if replies.isEmpty {
            reasons.append("no reply to the probe (it timed out, or the terminal answers none): only the environment counts")
        }
        let tmux = tmuxContext(environment: environment, replies: replies, tmuxVersion: tmuxVersion)
        if let override {
            return decide(
                override: override, environment: environment, replies: replies, tmux: tmux, tmuxClient: tmuxClient, reasons: reasons)
        }
        if tmux.isInside {
            return decideInTmux(environment: environment, replies: replies, tmux: tmux, client: tmuxClient, reasons: reasons)
        }
        if !(environment["STY"] ?? "").isEmpty {
            reasons.append("STY is set: inside GNU screen, which passes no graphics on → \(label(.halfBlocks))")
            return GraphicsChoice(imageProtocol: .halfBlocks, reasons: reasons)
        }
        return decideDirectly(environment: environment, replies: replies, reasons: reasons)
    }

    /// Words for `reasons`.
    static func label(_ imageProtocol: ImageProtocol) -> String {
        switch imageProtocol {
        case .kitty: "kitty graphics with Unicode placeholders"
        case .kittyDirect: "kitty graphics, direct placement"
        case .iterm: "iTerm2 inline images"
        case .sixel: "sixel"
        case .halfBlocks: "block symbols (text)"
        case .disabled: "no pictures"
        }
    }

    /// A version below `minimum`; false when it has no numbers (then nothing is known).
    static func isBefore(_ version: TerminalVersion?, _ minimum: Int...) -> Bool {
        guard let version, !version.numbers.isEmpty else { return false }
        var required = minimum
        while required.count < 3 { required.append(0) }
        return !version.isAtLeast(required[0], required[1], required[2])
    }

    /// XTerm before patch 369 and foot before 1.8.2 switch sixel scrolling on by setting
    /// mode 80, everyone else by resetting it.
    static func invertsSixelDisplayMode(_ kind: TerminalKind) -> Bool {
        switch kind {
        case .xterm(let version): isBefore(version, 369)
        case .foot(let version): isBefore(version, 1, 8, 2)
        default: false
        }
    }

    /// kitty before 0.27 tests whether a picture lies inside a scroll region one line short
    /// at the bottom, so a picture ending on the region's last line does not move with the
    /// text, and cuts a line off one that a scroll down brings there (kitty commit 32d8aac,
    /// "Fix scrolling images within margins"). Only direct
    /// placements are pictures to it; Unicode placeholders are text and scroll as text.
    static func leavesPicturesAtRegionBottom(_ kind: TerminalKind, drawing imageProtocol: ImageProtocol) -> Bool {
        guard imageProtocol == .kittyDirect, case .kitty(let version) = kind else { return false }
        return isBefore(version, 0, 27)
    }

    private static func decideDirectly(environment: [String: String], replies: ProbeReplies, reasons: [String]) -> GraphicsChoice {
        var reasons = reasons
        let (kind, evidence) = TerminalKind.identify(reply: replies.terminalVersion, environment: environment)
        let cell = replies.cellPixelSize
        func choose(_ imageProtocol: ImageProtocol, _ why: String) -> GraphicsChoice {
            reasons.append("\(why) → \(label(imageProtocol))")
            return GraphicsChoice(
                imageProtocol: imageProtocol, cellSize: cell, invertedSixelDisplayMode: invertsSixelDisplayMode(kind),
                picturesAtRegionBottomStay: leavesPicturesAtRegionBottom(kind, drawing: imageProtocol), reasons: reasons)
        }
        func sixel(_ why: String) -> GraphicsChoice {
            guard let cell else {
                return choose(.halfBlocks, "\(why), but sixel needs the cell size in pixels, which the terminal did not report")
            }
            return choose(.sixel, "\(why); cells are \(cell.width)×\(cell.height) px")
        }
        switch kind {
        case .kitty(let version):
            if isBefore(version, 0, 28) { return choose(.kittyDirect, "\(evidence): no Unicode placeholders before 0.28") }
            if version == nil {
                return choose(.kitty, "\(evidence); version unknown, taken as 0.28 or later, which draws Unicode placeholders")
            }
            return choose(.kitty, "\(evidence): Unicode placeholders since 0.28")
        case .ghostty:
            return choose(.kitty, "\(evidence): Ghostty draws Unicode placeholders")
        case .wezTerm:
            return choose(.iterm, "\(evidence): its kitty graphics have no Unicode placeholders, its iTerm2 images are complete")
        case .iTerm2:
            return choose(.iterm, evidence)
        case .xtermJS:
            if replies.hasSixel { return sixel("\(evidence); DA1 lists 4: its image addon is on") }
            return choose(.halfBlocks, "\(evidence); DA1 does not list 4: images are off (VS Code: terminal.integrated.enableImages)")
        case .appleTerminal, .linuxConsole:
            return choose(.halfBlocks, "\(evidence): no graphics protocol")
        case .xterm, .foot, .mlterm, .vte, .other, .unknown:
            break
        }
        let named = evidence.isEmpty ? "" : "\(evidence); "
        if replies.hasSixel { return sixel("\(named)DA1 lists 4: sixel") }
        if replies.kittyGraphics == true {
            return choose(.kittyDirect, "\(named)it answers the kitty graphics query, but is not known to draw Unicode placeholders")
        }
        if replies.deviceAttributes == nil {
            switch kind {
            case .foot, .mlterm: return sixel("\(evidence), a sixel terminal (no DA1 reply to confirm)")
            default: break
            }
        }
        if case .xterm = kind {
            return choose(.halfBlocks, "\(evidence); DA1 lacks 4: no sixel (XTerm has it when started with -ti vt340)")
        }
        if replies.isEmpty { return choose(.halfBlocks, "\(named)nothing names a graphics terminal") }
        return choose(.halfBlocks, "\(named)DA1 lacks 4 and no kitty reply: no graphics protocol")
    }
}
