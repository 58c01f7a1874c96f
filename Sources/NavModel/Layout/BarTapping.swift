/// What a tap on the bar did (`bar/tap`).
public struct BarTapOutcome: Sendable, Hashable {
    /// A notification the tap asks for.
    public enum Event: Sendable, Hashable {
        /// `navigation/backRequested`: back tapped on a `backAction: custom` screen.
        case backRequested(screenId: String)
        /// `navigation/itemTapped`.
        case itemTapped(screenId: String, itemId: String)
    }

    public var hit: BarHitResult
    /// An action ran: the stack popped, or the client was told.
    public var performed: Bool
    /// The model's changes (only a pop changes the model).
    public var changes: [Change]
    public var event: Event?
}

/// Performs taps on the top screen's bar.
public enum BarTapping {
    /// Hit-tests `point` and performs its action. `ifVersion` is checked first, even when the tap does nothing;
    /// only a pop changes the model (and so its version).
    public static func tap(_ model: inout NavigationModel, at point: Point, ifVersion: Int? = nil) throws(ModelError) -> BarTapOutcome {
        if let expected = ifVersion, expected != model.version { throw .versionConflict(current: model.version) }
        guard let bar = BarLayoutEngine.layout(model: model) else {
            throw .notAllowed("the stack is empty, so there is no bar; push a screen first")
        }
        let hit = BarHitTesting.hitTest(bar, point: point)
        switch hit.action {
        case .pop(let to):
            let (_, changes) = try model.pop(to: to, ifVersion: ifVersion)
            return BarTapOutcome(hit: hit, performed: true, changes: changes, event: nil)
        case .customBack:
            return BarTapOutcome(hit: hit, performed: true, changes: [], event: .backRequested(screenId: bar.screenId))
        case .itemAction(let id):
            return BarTapOutcome(hit: hit, performed: true, changes: [], event: .itemTapped(screenId: bar.screenId, itemId: id))
        case .none:
            return BarTapOutcome(hit: hit, performed: false, changes: [], event: nil)
        }
    }
}
