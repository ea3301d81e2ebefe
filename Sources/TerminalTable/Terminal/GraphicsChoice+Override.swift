// The user's choice: honoured, with the warnings the evidence gives.
extension GraphicsChoice {
    static func decide(
        override requested: ImageProtocol, environment: [String: String], replies: ProbeReplies, tmux: TmuxContext, tmuxClient: TmuxClient?,
        reasons: [String]
    ) -> GraphicsChoice {
        var reasons = reasons
        let inTmux = tmux.isInside
        let (kind, evidence) =
            inTmux
            ? TerminalKind.identify(reply: tmuxClient?.terminal, environment: environment, insideTmux: true)
            : TerminalKind.identify(reply: replies.terminalVersion, environment: environment)
        var chosen = requested
        switch requested {
        case .kitty:
            // The user wants kitty graphics; an old kitty can only show them placed directly.
            if !inTmux, case .kitty(let version) = kind, isBefore(version, 0, 28) {
                chosen = .kittyDirect
                reasons.append("\(evidence): no Unicode placeholders before 0.28, so kitty graphics are placed directly")
            }
        case .kittyDirect where inTmux:
            reasons.append("direct placement lands where the terminal outside has its cursor, which tmux does not keep in step with ours")
        case .sixel:
            if inTmux, isBefore(tmux.version, 3, 4) { reasons.append("tmux \(tmux.versionText) draws no sixel (3.4 and later do)") }
            if replies.cellPixelSize == nil { reasons.append("the cell size in pixels is unknown: the caller must assume one") }
        default:
            break
        }
        let passthrough = inTmux && [.kitty, .kittyDirect, .iterm].contains(chosen)
        if passthrough { reasons.append("inside tmux: commands are wrapped for passthrough (set -g allow-passthrough on)") }
        reasons.append("the user asked for \(requested.argument) → \(label(chosen))")
        return GraphicsChoice(
            imageProtocol: chosen, isInTmux: inTmux, usesPassthrough: passthrough, cellSize: replies.cellPixelSize,
            invertedSixelDisplayMode: !inTmux && invertsSixelDisplayMode(kind),
            picturesAtRegionBottomStay: leavesPicturesAtRegionBottom(kind, drawing: chosen), reasons: reasons)
    }
}
