import UIKit

/// Screens that want a say before the back button pops them.
protocol BackButtonHandler {
    func shouldPopOnBackButton() -> Bool
}

extension UINavigationController: @retroactive UINavigationBarDelegate {
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
        guard let handler = topViewController as? BackButtonHandler, item == topViewController?.navigationItem else { return true }
        return handler.shouldPopOnBackButton()
    }
}
