import NavModel
import NavProtocol

extension DispatchTable {
    /// `title/back`, `title/previous`, `tint/resolve`.
    mutating func registerTitleAndTint() {}
}
