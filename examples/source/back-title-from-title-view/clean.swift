import UIKit

/// The timeline shows a logo and still has a title, which names the back button of the post it pushes.
final class BackTitleFromTitleViewCleanTimelineViewController: UITableViewController {
    private var posts: [Post] = []

    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: BackTitleFromTitleViewCleanTimelineViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Timeline"
        let logo = UIImageView(image: UIImage(named: "wordmark"))
        logo.contentMode = .scaleAspectFit
        navigationItem.titleView = logo
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let post = BackTitleFromTitleViewCleanPostViewController()
        post.post = posts[indexPath.row]
        navigationController?.pushViewController(post, animated: true)
    }
}

final class BackTitleFromTitleViewCleanPostViewController: UIViewController {
    var post: Post?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Post"
    }
}
