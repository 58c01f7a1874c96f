import UIKit

/// The reader spaces its bar buttons apart with a positive fixed space and leaves their distance from
/// the edge to the bar's layout margins.
final class NegativeFixedSpaceCleanArticlesViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: NegativeFixedSpaceCleanArticlesViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Articles"
        let share = UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(share))
        let bookmark = UIBarButtonItem(image: UIImage(systemName: "bookmark"), style: .plain, target: self, action: #selector(bookmark))
        navigationItem.rightBarButtonItems = [share, .fixedSpace(12), bookmark]
    }

    @objc private func bookmark() {
        ArticleStore.shared.bookmarkCurrent()
    }

    @objc private func share() {
        let activity = UIActivityViewController(activityItems: [ArticleStore.shared.feedURL], applicationActivities: nil)
        present(activity, animated: true)
    }
}
