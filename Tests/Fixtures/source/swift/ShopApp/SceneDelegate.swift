import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        applyAppearance()
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = MainNavigationController(rootViewController: ProductListViewController())
        window.makeKeyAndVisible()
        self.window = window
    }

    private func applyAppearance() {
        // navd:disable:next bar-tint-ignored
        UINavigationBar.appearance().barTintColor = UIColor(named: "BrandBlue")
        UIBarButtonItem.appearance().setBackButtonTitlePositionAdjustment(UIOffset(horizontal: -4, vertical: 0), for: .default)
    }
}
