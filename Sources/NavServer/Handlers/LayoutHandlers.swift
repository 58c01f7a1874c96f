import NavModel
import NavProtocol

extension DispatchTable {
    /// `bar/layout`, `bar/hitTest`, `bar/hitRegions`, `bar/render`, `bar/tap`, `gesture/popTest`, `tree/hitTest`.
    mutating func registerLayoutAndHitTest() {}
}
