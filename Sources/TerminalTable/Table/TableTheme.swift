/// The styles a `TableView` and `TextPanel` draw with.
///
/// ```swift
/// var theme = TableTheme.standard
/// theme.selected = Style(background: RGB(40, 60, 120))
/// ```
public struct TableTheme: Sendable, Equatable {
    public var header: Style
    public var separator: Style
    /// Layered on top of every cell of the selected row.
    public var selected: Style
    public var placeholder: Style
    public var status: Style
    public var panel: Style
    public var panelBorder: Style

    public init(
        header: Style = Style(bold: true, underline: true),
        separator: Style = Style(dim: true),
        selected: Style = Style(reverse: true),
        placeholder: Style = Style(dim: true),
        status: Style = Style(reverse: true),
        panel: Style = .plain,
        panelBorder: Style = Style(bold: true)
    ) {
        self.header = header
        self.separator = separator
        self.selected = selected
        self.placeholder = placeholder
        self.status = status
        self.panel = panel
        self.panelBorder = panelBorder
    }

    public static let standard = TableTheme()
}
