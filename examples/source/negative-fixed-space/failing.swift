import UIKit

/// The reader pulls its share button toward the edge with a negative fixed space, which has done
/// nothing since iOS 11: the items sit inside the bar's layout margins whatever the space.
final class NegativeFixedSpaceFailingArticlesViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: NegativeFixedSpaceFailingArticlesViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Articles"
        let share = UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(share))
        navigationItem.rightBarButtonItems = [.fixedSpace(-12), share]  // expect: negative-fixed-space
    }

    @objc private func share() {
        let activity = UIActivityViewController(activityItems: [ArticleStore.shared.feedURL], applicationActivities: nil)
        present(activity, animated: true)
    }
}
