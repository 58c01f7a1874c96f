import UIKit

/// Episodes replace the back button with a chevron of their own: swiping back from an episode no longer
/// works.
final class PopGestureDisabledFailingPodcastsViewController: UITableViewController {
    private var episodes: [Episode] = []

    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: PopGestureDisabledFailingPodcastsViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Podcasts"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let episode = PopGestureDisabledFailingEpisodeViewController(episode: episodes[indexPath.row])
        navigationController?.pushViewController(episode, animated: true)
    }
}

final class PopGestureDisabledFailingEpisodeViewController: UIViewController {
    private let episode: Episode

    init(episode: Episode) {
        self.episode = episode
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = episode.title
        let back = UIBarButtonItem(image: UIImage(systemName: "chevron.backward"), style: .plain, target: self, action: #selector(close))
        navigationItem.leftBarButtonItem = back  // expect: pop-gesture-disabled
    }

    @objc private func close() {
        navigationController?.popViewController(animated: true)
    }
}
