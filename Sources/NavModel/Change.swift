/// One thing a mutation changed, as `session/didChange` reports it (PROTOCOL.md section 6).
public enum Change: Sendable, Hashable {
    public enum StackOp: String, Sendable, Hashable, CaseIterable {
        case push, pop, set
    }

    /// The screens pushed, popped, or (for `set`) now on the stack.
    case stack(op: StackOp, screens: [String])
    /// What the bar of that screen now shows besides the back button.
    case items(ItemsState)
    /// The bar colour and the resolved foreground now shown, with the policy that chose it (extension).
    case tint(screenId: String, barTintColor: Color?, foreground: Color, foregroundPolicy: Policies.ForegroundPolicy)
    /// The back title now shown.
    case title(screenId: String, backTitle: BackTitle)
    /// A screen's own fields changed (extension; topic `model`).
    case screen(screenId: String)
    /// The session configuration or the session-wide bar changed (extension; topic `model`).
    case config(fields: [String])

    /// The subscription topic this change belongs to.
    public var topic: Topic {
        switch self {
        case .stack: return .stack
        case .items: return .items
        case .tint: return .tint
        case .title: return .title
        case .screen, .config: return .model
        }
    }
}

/// Subscription topics (`session/subscribe`).
public enum Topic: String, Sendable, Hashable, CaseIterable {
    case stack, items, tint, title, diagnostics
    /// Extension: screen and configuration edits that change nothing on the top bar.
    case model
}

/// What a screen's bar shows besides the back button.
public struct ItemsState: Sendable, Hashable {
    public var screenId: String
    /// The displayed title: the item's title, else the screen's.
    public var title: String?
    public var titleView: Size?
    public var leftItems: [BarItem]
    public var rightItems: [BarItem]

    public init(screenId: String, title: String?, titleView: Size?, leftItems: [BarItem], rightItems: [BarItem]) {
        self.screenId = screenId
        self.title = title
        self.titleView = titleView
        self.leftItems = leftItems
        self.rightItems = rightItems
    }

    public init(_ screen: Screen) {
        self.init(
            screenId: screen.id, title: screen.item.title ?? screen.title, titleView: screen.item.titleView,
            leftItems: screen.item.leftItems, rightItems: screen.item.rightItems)
    }
}
