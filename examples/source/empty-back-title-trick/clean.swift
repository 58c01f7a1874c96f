import UIKit

/// The album grid asks for a bare chevron with the display mode made for it: the title stays in the
/// back button's history menu.
final class EmptyBackTitleTrickCleanGalleryViewController: UICollectionViewController {
    private var photos: [Photo] = []

    static func makeRoot() -> UINavigationController {
        let layout = UICollectionViewFlowLayout()
        return UINavigationController(rootViewController: EmptyBackTitleTrickCleanGalleryViewController(collectionViewLayout: layout))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Gallery"
        navigationItem.backButtonDisplayMode = .minimal
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let viewer = EmptyBackTitleTrickCleanViewerViewController()
        viewer.photo = photos[indexPath.item]
        navigationController?.pushViewController(viewer, animated: true)
    }
}

final class EmptyBackTitleTrickCleanViewerViewController: UIViewController {
    var photo: Photo?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = photo?.caption
        view.backgroundColor = .black
    }
}
