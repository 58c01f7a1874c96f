import UIKit

/// The timeline shows a logo instead of a title and sets no title at all: the post it pushes gets a
/// back button that says "Back".
final class BackTitleFromTitleViewFailingTimelineViewController: UITableViewController {
    private var posts: [Post] = []

    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: BackTitleFromTitleViewFailingTimelineViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let logo = UIImageView(image: UIImage(named: "wordmark"))
        logo.contentMode = .scaleAspectFit
        navigationItem.titleView = logo  // expect: back-title-from-title-view
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let post = BackTitleFromTitleViewFailingPostViewController()
        post.post = posts[indexPath.row]
        navigationController?.pushViewController(post, animated: true)
    }
}

final class BackTitleFromTitleViewFailingPostViewController: UIViewController {
    var post: Post?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Post"
    }
}
