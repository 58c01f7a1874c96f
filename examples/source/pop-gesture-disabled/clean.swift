import UIKit

/// Episodes add their own item beside the back button instead of replacing it: swiping back still
/// works.
final class PopGestureDisabledCleanPodcastsViewController: UITableViewController {
    private var episodes: [Episode] = []

    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: PopGestureDisabledCleanPodcastsViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Podcasts"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let episode = PopGestureDisabledCleanEpisodeViewController(episode: episodes[indexPath.row])
        navigationController?.pushViewController(episode, animated: true)
    }
}

final class PopGestureDisabledCleanEpisodeViewController: UIViewController {
    private let episode: Episode

    init(episode: Episode) {
        self.episode = episode
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = episode.title
        let queue = UIBarButtonItem(
            image: UIImage(systemName: "text.badge.plus"), style: .plain, target: self, action: #selector(addToQueue))
        navigationItem.leftBarButtonItem = queue
        navigationItem.leftItemsSupplementBackButton = true
    }

    @objc private func addToQueue() {
        PlaybackQueue.shared.append(episode)
    }
}
